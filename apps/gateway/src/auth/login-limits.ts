import type { LoginLockout, LoginLockoutKind, LoginLockoutSubject } from '@clearing-desk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config';

/** Who a sign-in attempt is: the username as typed (compared trimmed, lower case) and the client address (`request.ip`). */
export type LoginAttempt = { username: string; address: string };

/** A lockout in force that refuses an attempt: wait `retryAfterMs` (429 with Retry-After). */
export type LoginRefusal = { kind: LoginLockoutKind; retryAfterMs: number };

export type LoginLimits = {
  /** The longest lockout in force that holds this attempt, or null when it may be checked. */
  check(attempt: LoginAttempt): Promise<LoginRefusal | null>;
  /** Counts a refused sign-in and sets (and logs) the lockouts it earns. */
  refused(attempt: LoginAttempt, log: FastifyBaseLogger): Promise<void>;
  /** A sign-in from this address succeeded: that pair's count and lockout end (the username's and the address's stay). */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** The lockouts in force, the latest first. */
  list(): Promise<LoginLockout[]>;
  /** Ends a lockout and its count; logs who lifted it. */
  lift(subject: LoginLockoutSubject, by: string, log: FastifyBaseLogger): Promise<void>;
};

type LimitsConfig = Pick<
  GatewayConfig,
  | 'REDIS_KEY_PREFIX'
  | 'LOGIN_PAIR_FREE_FAILURES'
  | 'LOGIN_PAIR_DELAY_MAX_MS'
  | 'LOGIN_RATE_MAX_PER_USERNAME'
  | 'LOGIN_USERNAME_DELAY_MAX_MS'
  | 'LOGIN_RATE_MAX_PER_ADDRESS'
  | 'LOGIN_RATE_WINDOW_MS'
>;

const KINDS: readonly LoginLockoutKind[] = ['pair', 'username', 'address'];

/** The username as the directory compares it (uid is case-insensitive). */
const normalise = (username: string) => username.trim().toLowerCase();

/** The subject of `kind` for an attempt: the username and/or the address it is counted by. */
const subjectOf = (kind: LoginLockoutKind, { username, address }: LoginAttempt): LoginLockoutSubject => ({
  kind,
  username: kind === 'address' ? null : normalise(username),
  address: kind === 'username' ? null : address,
});

/** The Redis key part of a subject; a username cannot hold '|' past the directory's attribute rules, an address never does. */
const keyOf = ({ kind, username, address }: LoginLockoutSubject) =>
  kind === 'pair' ? `${username}|${address}` : kind === 'username' ? `${username}` : `${address}`;

/** 1 s, 2 s, 4 s... for the n-th refusal past the free ones, up to `maxMs`. */
const growingDelayMs = (over: number, maxMs: number) => Math.min(1000 * 2 ** Math.min(over - 1, 30), maxMs);

/**
 * The staff sign-in limits (issue 25 item 2) on the sessions' Redis, so they hold across gateway
 * instances: refusals counted per (username, address), per username and per address with
 * rate-limiter-flexible, each over LOGIN_RATE_WINDOW_MS. A pair earns growing delays after a few
 * refusals, so one source guessing is slowed to a crawl; the username as a whole earns delays of at
 * most LOGIN_USERNAME_DELAY_MAX_MS (a minute at most), so a distributed guess is slowed while the
 * right password from another address still gets in within a minute; an address is refused for
 * the rest of the window past LOGIN_RATE_MAX_PER_ADDRESS (a call centre's worth). Only refusals
 * count: staff signing in never use a limit up. Each lockout is a record in one Redis hash (the
 * Administrator's list) and a log line. Redis errors are thrown: sign-in fails closed (503).
 */
export function createLoginLimits(redis: Redis, config: LimitsConfig): LoginLimits {
  const prefix = `${config.REDIS_KEY_PREFIX}:login`;
  const windowSeconds = Math.ceil(config.LOGIN_RATE_WINDOW_MS / 1000);
  const recordsKey = `${prefix}:lockouts`;
  const counter = (name: string, points: number) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:${name}`, points: Math.max(points, 1), duration: windowSeconds });
  /** Refusal counts; `points` only matters to the address counter, whose spent points are its lockout. */
  const counts: Record<LoginLockoutKind, RateLimiterRedis> = {
    pair: counter('pair', Number.MAX_SAFE_INTEGER),
    username: counter('username', Number.MAX_SAFE_INTEGER),
    address: counter('address', config.LOGIN_RATE_MAX_PER_ADDRESS),
  };
  /** Lockouts: a key blocked (rate-limiter-flexible `block`) for the delay. */
  const locks: Record<LoginLockoutKind, RateLimiterRedis> = {
    pair: counter('pair-lock', 1),
    username: counter('username-lock', 1),
    address: counter('address-lock', 1),
  };
  const field = (subject: LoginLockoutSubject) => JSON.stringify([subject.kind, subject.username, subject.address]);

  const lock = async (subject: LoginLockoutSubject, refusals: number, delayMs: number, log: FastifyBaseLogger) => {
    const seconds = Math.max(1, Math.ceil(delayMs / 1000));
    await locks[subject.kind].block(keyOf(subject), seconds);
    const previous = await redis.hget(recordsKey, field(subject));
    const now = Date.now();
    const since = previous ? (JSON.parse(previous) as LoginLockout).since : new Date(now).toISOString();
    const record: LoginLockout = { ...subject, refusals, since, until: new Date(now + seconds * 1000).toISOString() };
    await redis
      .multi()
      .hset(recordsKey, field(subject), JSON.stringify(record))
      .pexpire(recordsKey, config.LOGIN_RATE_WINDOW_MS + config.LOGIN_PAIR_DELAY_MAX_MS)
      .exec();
    log.warn({ lockout: record, seconds }, 'sign-in lockout');
  };

  return {
    async check(attempt) {
      const results = await Promise.all(KINDS.map(async (kind) => ({ kind, res: await locks[kind].get(keyOf(subjectOf(kind, attempt))) })));
      let refusal: LoginRefusal | null = null;
      for (const { kind, res } of results) {
        if (res && res.consumedPoints > 1 && res.msBeforeNext > 0 && (!refusal || res.msBeforeNext > refusal.retryAfterMs)) {
          refusal = { kind, retryAfterMs: res.msBeforeNext };
        }
      }
      return refusal;
    },

    async refused(attempt, log) {
      const [pair, username, address] = await Promise.all(
        KINDS.map((kind) =>
          counts[kind].consume(keyOf(subjectOf(kind, attempt))).catch((res: unknown) => {
            // consume rejects with the counter's state once its points are spent (the address ceiling).
            if (res instanceof Error) throw res;
            return res as { consumedPoints: number; msBeforeNext: number };
          }),
        ),
      );
      if (pair!.consumedPoints > config.LOGIN_PAIR_FREE_FAILURES) {
        const over = pair!.consumedPoints - config.LOGIN_PAIR_FREE_FAILURES;
        await lock(subjectOf('pair', attempt), pair!.consumedPoints, growingDelayMs(over, config.LOGIN_PAIR_DELAY_MAX_MS), log);
      }
      if (username!.consumedPoints > config.LOGIN_RATE_MAX_PER_USERNAME) {
        const over = username!.consumedPoints - config.LOGIN_RATE_MAX_PER_USERNAME;
        await lock(subjectOf('username', attempt), username!.consumedPoints, growingDelayMs(over, config.LOGIN_USERNAME_DELAY_MAX_MS), log);
      }
      if (address!.consumedPoints >= config.LOGIN_RATE_MAX_PER_ADDRESS) {
        await lock(subjectOf('address', attempt), address!.consumedPoints, address!.msBeforeNext, log);
      }
    },

    async succeeded(attempt) {
      const subject = subjectOf('pair', attempt);
      await Promise.all([counts.pair.delete(keyOf(subject)), locks.pair.delete(keyOf(subject)), redis.hdel(recordsKey, field(subject))]);
    },

    async list() {
      const all = await redis.hgetall(recordsKey);
      const now = Date.now();
      const rows: LoginLockout[] = [];
      const ended: string[] = [];
      for (const [key, value] of Object.entries(all)) {
        const row = JSON.parse(value) as LoginLockout;
        if (Date.parse(row.until) > now) rows.push(row);
        else ended.push(key);
      }
      if (ended.length > 0) await redis.hdel(recordsKey, ...ended);
      return rows.sort((a, b) => b.until.localeCompare(a.until));
    },

    async lift(subject, by, log) {
      const normalised: LoginLockoutSubject = { ...subject, username: subject.username === null ? null : normalise(subject.username) };
      const key = keyOf(normalised);
      await Promise.all([counts[subject.kind].delete(key), locks[subject.kind].delete(key), redis.hdel(recordsKey, field(normalised))]);
      log.warn({ lockout: normalised, by }, 'sign-in lockout lifted');
    },
  };
}
