import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config apps/courses-svc/drizzle.config.ts` writes migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/courses-svc/src/db/schema/index.ts',
  out: './apps/courses-svc/drizzle',
});
