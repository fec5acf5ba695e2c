import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config apps/scenarios-svc/drizzle.config.ts` writes migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/scenarios-svc/src/db/schema/index.ts',
  out: './apps/scenarios-svc/drizzle',
});
