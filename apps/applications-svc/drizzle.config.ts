import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config apps/applications-svc/drizzle.config.ts` writes migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/applications-svc/src/db/schema/index.ts',
  out: './apps/applications-svc/drizzle',
});
