import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate --config apps/notifications-svc/drizzle.config.ts` writes migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/notifications-svc/src/db/schema/index.ts',
  out: './apps/notifications-svc/drizzle',
});
