import { startStack } from '@clearing-desk/stack';

/**
 * Starts the whole product as `npm start` does (every service and the gateway serving the built
 * web app) but on fresh PostgreSQL databases, and tells the tests its URL. Returns the teardown.
 */
export default async function globalSetup() {
  const stack = await startStack({ database: 'test', seedDemoData: true });
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  return async () => {
    await stack.stop();
  };
}
