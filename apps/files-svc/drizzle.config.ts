import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config apps/files-svc/drizzle.config.ts` writes migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/files-svc/src/db/schema/index.ts',
  out: './apps/files-svc/drizzle',
});
