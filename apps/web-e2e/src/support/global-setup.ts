import { startDirectory, startStack } from '@clearing-desk/stack';

/**
 * Starts the whole product as `npm start` does (every service and the gateway serving the built
 * web app, the demo staff directory in slapd) but on fresh PostgreSQL databases and a free
 * directory port, and tells the tests its URL. Returns the teardown.
 */
export default async function globalSetup() {
  const directory = await startDirectory({ port: 'free' });
  // Every browser test is one client at 127.0.0.1, faster than any person: the public rate limits
  // (their own tests are the gateway's rate-limit.test.ts) are raised so they never
  // refuse the suite.
  const gatewayEnv = {
    RATE_LIMIT_APPLIED_MAX: '100000',
    RATE_LIMIT_ASSESS_MAX: '100000',
    RATE_LIMIT_APPLY_MAX: '100000',
    RATE_LIMIT_APPLY_BUDGET: '100000',
    // A browser test fills the public form in a few seconds, faster than any person: the form
    // guard's minimum time to fill (its own tests are the gateway's form-guard.test.ts) is lifted.
    FORM_MIN_FILL_MS: '0',
    RATE_LIMIT_UPLOAD_MAX: '100000',
    RATE_LIMIT_APPLIED_PER_APPLICANT_MAX: '100000',
    RATE_LIMIT_ASSESS_PER_APPLICANT_MAX: '100000',
    RATE_LIMIT_APPLY_PER_APPLICANT_MAX: '100000',
  };
  const stack = await startStack({ database: 'test', seedDemoData: true, directoryUrl: directory.url, gatewayEnv });
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  // The demo directory, for a spec that starts a gateway of its own (session-warning.spec.ts).
  process.env.E2E_DIRECTORY_URL = directory.url;
  // The stack's mail catcher (maildev): the decision emails the tests read.
  process.env.E2E_MAIL_INBOX = stack.mailInboxUrl ?? '';
  // applications-svc's database, for a spec that dates a decision in the past (ucas.spec.ts: an offer past its deadline).
  process.env.E2E_APPLICATIONS_DATABASE_URL = stack.databaseUrls.applications ?? '';
  return async () => {
    await stack.stop();
    await directory.stop();
  };
}
