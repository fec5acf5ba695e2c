import path from 'node:path';
import { retentionScheduleSchema, ucasInstitutionCodeSchema, type RetentionSchedule } from '@clearing-desk/contracts';
import { clearingClockSetting } from '@clearing-desk/contracts/server';
import { baseServiceConfigSchema, metricsPortSchema, redisUrlSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** Why RETENTION_SCHEDULE's text is not a schedule, or null when it is one. */
function retentionScheduleProblem(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'must be JSON';
  }
  const parsed = retentionScheduleSchema.safeParse(json);
  return parsed.success ? null : `is not a retention schedule: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
}

/** The retention schedule of a valid config (RETENTION_SCHEDULE checked when the config was parsed), each missing month its default. */
export const retentionSchedule = (config: Pick<GatewayConfig, 'RETENTION_SCHEDULE'>): RetentionSchedule =>
  retentionScheduleSchema.parse(JSON.parse(config.RETENTION_SCHEDULE));

/** A service's URLs: one, or several comma-separated (its instances); at least one, each a URL. */
const serviceUrls = (defaultUrl: string) =>
  z
    .string()
    .default(defaultUrl)
    .transform((list) =>
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1));

/** Gateway environment (README "Configuration"). */
export const gatewayConfigSchema = baseServiceConfigSchema.extend({
  /**
   * The clock the cycle rules take as now (contracts' clockFromSetting): an ISO date (09:00
   * Europe/London that day) or date-time, so tests and demos run at any date; unset, the real time.
   * Interviews must be after it; no offer is made on a course that started before its day.
   */
  CLEARING_CLOCK: clearingClockSetting,
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  METRICS_PORT: metricsPortSchema(9300),
  /** Prefix every page and /api path is served under, e.g. '/clearing/'. */
  BASE_PATH: z
    .string()
    .default('/')
    .refine((v) => v.startsWith('/') && v.endsWith('/'), 'must start and end with /'),
  /**
   * Where each service listens: one URL (a Kubernetes Service, a load balancer) or several,
   * comma-separated (`ASSESSMENT_URL=http://10.0.0.5:3103,http://10.0.0.6:3103`), which the gateway
   * takes in turn, skipping one that refused a connection for a few seconds.
   */
  COURSES_URL: serviceUrls('http://127.0.0.1:3101'),
  APPLICATIONS_URL: serviceUrls('http://127.0.0.1:3102'),
  ASSESSMENT_URL: serviceUrls('http://127.0.0.1:3103'),
  FILES_URL: serviceUrls('http://127.0.0.1:3104'),
  SCENARIOS_URL: serviceUrls('http://127.0.0.1:3105'),
  /** notifications-svc (decision emails): the staff History's emails, Resend, failed emails on the figures. */
  NOTIFICATIONS_URL: serviceUrls('http://127.0.0.1:3106'),
  /**
   * The university's UCAS institution code, which the applicant's status page names in an offer's
   * UCAS Hub steps (the same value as notifications-svc's, which the offer email names).
   */
  UCAS_INSTITUTION_CODE: ucasInstitutionCodeSchema,
  /** Built web app (vite build output); not served when the folder does not exist. */
  WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '../../web/dist')),
  /** Server build of the web app's first screens (course pages rendered per request); optional. */
  WEB_SSR_DIR: z.string().default(path.resolve(__dirname, '../../web/dist-server')),
  /**
   * Cookies carry the Secure flag: on unless set false, so a deployment behind
   * HTTPS is safe by default; `npm start` and the test stacks (plain http on 127.0.0.1) set it false.
   */
  COOKIE_SECURE: z.stringbool().default(true),
  /** Milliseconds a service call may take before the gateway answers 504. */
  SERVICE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Milliseconds a kept-alive connection to a service is reused before a new one replaces it. A
   * Kubernetes Service's address picks a pod per connection: under steady load kept-alive
   * connections never idle, so without this the pods an autoscaler adds would get no traffic.
   */
  SERVICE_CONNECTION_TTL_MS: z.coerce.number().int().positive().default(30_000),

  /** Redis of the staff sessions and the login rate limit (shared by every gateway instance). */
  REDIS_URL: redisUrlSchema,
  /** Key prefix in Redis; test stacks use a one-off prefix. */
  REDIS_KEY_PREFIX: z.string().min(1).default('clearing-desk'),
  /**
   * The stack's queue prefix: applications-svc's NOTIFICATIONS_QUEUE_PREFIX, the same value on
   * both. The wallboard's live updates are heard on its channel (contracts wallboardChannel), so
   * two stacks sharing one Redis never hear each other's decisions.
   */
  NOTIFICATIONS_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
    .default('clearing-desk'),
  /**
   * Signs the session cookie and the session records in Redis. Required, with
   * no committed default: `npm start` and the test stacks generate their own (tools/stack); a
   * deployment sets its own from its secret store.
   */
  SESSION_SECRET: z
    .string({ error: 'is required: set SESSION_SECRET to a random secret of 32+ characters that signs the staff sessions' })
    .min(32, { error: 'must be at least 32 characters: set SESSION_SECRET to a long random secret' }),
  /** A session unused for this long ends (default 2 h: a results-day shift's break). */
  SESSION_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 60 * 60 * 1000),
  /** A session ends this long after sign-in however busy it is (default 12 h: one shift). */
  SESSION_ABSOLUTE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60 * 1000),
  /**
   * Roles follow the directory (apps/gateway/src/auth/staff-roles.ts): a directory
   * session's roles are read again from the directory on the first request this long after the
   * last read (default 5 minutes), so a user removed from a group loses its role then.
   */
  STAFF_ROLES_REFRESH_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /**
   * While the directory cannot be reached the roles last read stand (decisions go on, the failure
   * is logged) until they are this old (default 30 minutes); then the session ends (401).
   */
  STAFF_ROLES_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60 * 1000),
  /**
   * The hard ceiling of a session: while an application form is open the
   * absolute lifetime is extended, never beyond this long after sign-in (default 14 h: a shift's
   * last caller is finished). At least SESSION_ABSOLUTE_TIMEOUT_MS.
   */
  SESSION_HARD_CEILING_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 60 * 60 * 1000),

  /** Staff directory (OpenLDAP or Active Directory); the defaults are the demo directory of `npm start`. */
  LDAP_URL: z.string().default('ldap://127.0.0.1:3389'),
  /** Service account that searches users and groups (never used to sign anyone in). */
  LDAP_BIND_DN: z.string().default('cn=clearing-desk-gateway,ou=system,dc=clearing-desk,dc=test'),
  LDAP_BIND_PASSWORD: z.string().default('gateway-demo-secret'),
  LDAP_USER_SEARCH_BASE: z.string().default('ou=people,dc=clearing-desk,dc=test'),
  /** Attribute holding the username typed on the login screen (uid; sAMAccountName on AD). */
  LDAP_USER_ATTRIBUTE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/)
    .default('uid'),
  LDAP_GROUP_SEARCH_BASE: z.string().default('ou=groups,dc=clearing-desk,dc=test'),
  /** Group attribute listing member DNs (member; uniqueMember for groupOfUniqueNames). */
  LDAP_GROUP_MEMBER_ATTRIBUTE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/)
    .default('member'),
  /** Group attribute whose value names the group in the role mapping file. */
  LDAP_GROUP_NAME_ATTRIBUTE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/)
    .default('cn'),
  /** Milliseconds the directory may take to connect or answer before sign-in answers 503. */
  LDAP_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * The retention schedule (contracts privacy/retention.ts): JSON `{ "months": { "<category>": n },
   * "cycles": { "<intake>": { "<outcome>": n } } }`, each missing month its default
   * (DEFAULT_RETENTION_MONTHS; docs/domain/data-protection.md). Sent to every service by the
   * retention job, shown to Administrators and printed in the privacy notice.
   */
  RETENTION_SCHEDULE: z
    .string()
    .default('{}')
    .superRefine((text, ctx) => {
      const problem = retentionScheduleProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** When the nightly retention job runs: a cron pattern in Europe/London time (BullMQ job scheduler); empty: never by itself (Administrators can still run it). */
  RETENTION_CRON: z.string().trim().default('30 2 * * *'),
  /** JSON file mapping directory groups (or OIDC group claims) to role assignments. */
  ROLE_MAPPING_FILE: z.string().default(path.resolve(__dirname, '../../../tools/ldap/demo-role-mapping.json')),
  /** Every refused sign-in takes at least this long, so timing does not tell an unknown user from a wrong password. */
  LOGIN_FAILURE_MIN_MS: z.coerce.number().int().nonnegative().default(600),
  /**
   * Sign-in limits (apps/gateway/src/lockouts/login-limits.ts), counting refused
   * sign-ins on Redis over LOGIN_RATE_WINDOW_MS:
   * - per (username, client address): LOGIN_PAIR_FREE_FAILURES refusals free, then each further one
   *   makes that pair wait 1 s, 2 s, 4 s... up to LOGIN_PAIR_DELAY_MAX_MS;
   * - per username from every address: past LOGIN_RATE_MAX_PER_USERNAME refusals each further one
   *   makes the username wait 1 s, 2 s, 4 s... up to LOGIN_USERNAME_DELAY_MAX_MS, at most a minute,
   *   so an attacker can slow, never block, the right password from a new address;
   * - per client address for every username: LOGIN_RATE_MAX_PER_ADDRESS refusals, then 429 until the
   *   window ends; high enough for a call centre behind one NAT address (300 advisers mistyping).
   */
  LOGIN_PAIR_FREE_FAILURES: z.coerce.number().int().nonnegative().default(3),
  LOGIN_PAIR_DELAY_MAX_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  LOGIN_RATE_MAX_PER_USERNAME: z.coerce.number().int().nonnegative().default(10),
  LOGIN_USERNAME_DELAY_MAX_MS: z.coerce.number().int().positive().max(60_000, { error: 'must be at most 60000 (a minute)' }).default(60_000),
  LOGIN_RATE_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  LOGIN_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  /**
   * Device cookies (OWASP's pattern; apps/gateway/src/auth/device-cookies.ts): a sign-in gives the
   * browser a signed cookie for that user, valid LOGIN_DEVICE_COOKIE_TTL_MS (90 days: a Clearing
   * season from training to its end; renewed at every sign-in). With it the browser is held only
   * by its own refusals: LOGIN_DEVICE_MAX_FAILURES of them in LOGIN_RATE_WINDOW_MS lock that
   * device alone for LOGIN_DEVICE_LOCK_MS (an Administrator can lift it).
   */
  LOGIN_DEVICE_COOKIE_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(90 * 24 * 60 * 60 * 1000),
  LOGIN_DEVICE_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_DEVICE_LOCK_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),

  /**
   * Proxies (load balancers, ingress) whose X-Forwarded-For the gateway believes for the client
   * address that rate limits count by: a comma-separated list of addresses or CIDR ranges
   * (proxy-addr's `loopback`, `linklocal` and `uniquelocal` also work). Default none: the
   * address is the TCP peer's. Never trust every proxy: any client could then pick its address.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])]))),
  /**
   * Public route limits, counted on Redis over RATE_LIMIT_WINDOW_MS so they hold
   * across gateway instances; then 429 with Retry-After. Two counts per route:
   * - RATE_LIMIT_*_MAX, the ceiling per client address (per username for signed-in staff), sized
   *   for a school on results day: 300 students behind one address applying in the same minute,
   *   each form checking twice whether its applicant applied and assessing about 40 times as it
   *   changes, so a class is never refused and a script rotating e-mails is bounded by it;
   * - RATE_LIMIT_*_PER_APPLICANT_MAX, per (address, applicant e-mail or UCAS Personal ID) where the
   *   call carries one, so one person hammering is stopped early without touching the class.
   */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_APPLIED_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_ASSESS_MAX: z.coerce.number().int().positive().default(12_000),
  RATE_LIMIT_APPLY_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_APPLIED_PER_APPLICANT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_ASSESS_PER_APPLICANT_MAX: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_APPLY_PER_APPLICANT_MAX: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_UPLOAD_MAX: z.coerce.number().int().positive().default(300),
  /**
   * The wallboard's desk panels (docs/domain/wallboard.md "The desk", "Red states"): a callback
   * nobody has taken whose window ends within WALLBOARD_CALLBACK_AT_RISK_MINUTES is 'at risk'; each
   * WALLBOARD_RED_* is the figure at or over which its panel turns red (0: never).
   */
  WALLBOARD_CALLBACK_AT_RISK_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  WALLBOARD_RED_QUEUE_LENGTH: z.coerce.number().int().nonnegative().default(20),
  WALLBOARD_RED_OLDEST_WAIT_MINUTES: z.coerce.number().int().nonnegative().default(30),
  WALLBOARD_RED_CALLBACKS_AT_RISK: z.coerce.number().int().nonnegative().default(1),
  WALLBOARD_RED_CALLBACKS_MISSED: z.coerce.number().int().nonnegative().default(1),
  /**
   * What tells a person at the public form from a script rotating e-mails on one address
   * (plugins/app/form-guard.ts; docs/deploy.md "Client addresses, rate limits and bad input"):
   * - RATE_LIMIT_APPLY_BUDGET: public submissions per client address per RATE_LIMIT_WINDOW_MS taken
   *   without more; past it a submission needs a form-start token and a solved proof of work, so a
   *   script that does neither stores this many a window however many e-mails it rotates;
   * - the form-start token, signed when the public form is opened: a submission carrying one
   *   sooner than FORM_MIN_FILL_MS after (10 s: nobody fills the form in faster) or later than
   *   FORM_TOKEN_MAX_AGE_MS (a day) is refused;
   * - the proof of work (ALTCHA, PBKDF2/SHA-256): FORM_POW_COST iterations per attempt, the answer
   *   drawn between FORM_POW_COUNTER_MAX / 2 and FORM_POW_COUNTER_MAX (about 2 to 7 s of one
   *   core, in a browser or a script alike); a challenge is good for FORM_POW_EXPIRES_MS and once.
   * FORM_SECRET signs the tokens and challenges; by default it is derived from SESSION_SECRET.
   */
  RATE_LIMIT_APPLY_BUDGET: z.coerce.number().int().positive().default(10),
  FORM_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  FORM_MIN_FILL_MS: z.coerce.number().int().nonnegative().default(10_000),
  FORM_TOKEN_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60 * 1000),
  FORM_POW_COST: z.coerce.number().int().positive().default(5_000),
  FORM_POW_COUNTER_MAX: z.coerce.number().int().min(2).default(3_000),
  FORM_POW_EXPIRES_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60 * 1000),
  /**
   * The public limits are counted in each gateway process and synchronised with Redis in batches
   * (plugins/external/batched-rate-limit-store.ts): every RATE_LIMIT_SYNC_MS, and at once
   * when a key has RATE_LIMIT_SYNC_HITS unsent hits (a tenth of its limit if fewer). With N
   * instances a subject may pass a limit by up to (N - 1) x (RATE_LIMIT_SYNC_HITS - 1) calls.
   */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().positive().default(100),
  /**
   * The events feed (GET /api/v1/events) per API key: EVENTS_RATE_LIMIT_MAX calls per
   * EVENTS_RATE_LIMIT_WINDOW_MS, then 429 with Retry-After (routes/api/events.ts). 600 a minute
   * lets a record system page 1,000 events a call ten times a second.
   */
  EVENTS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  EVENTS_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_SYNC_HITS: z.coerce.number().int().positive().default(20),

  /** OpenID Connect enterprise sign-in: set all three to replace the password form with /login. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Public URL of the gateway (scheme, host, BASE_PATH) the provider redirects back to; needed with OIDC. */
  PUBLIC_URL: z.string().url().optional(),
  /** Claim of the ID token or userinfo listing the user's groups. */
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Whether the enterprise (OIDC) sign-in is configured: issuer, client id and secret all set. */
export const oidcConfigured = (config: GatewayConfig): boolean => !!(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
