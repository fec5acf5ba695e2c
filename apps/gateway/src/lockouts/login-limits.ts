import type { LoginLockout, LoginLockoutKind, LoginLockoutSubject } from '@clearing-desk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config';

/**
 * Who a sign-in attempt is: `username` the directory's canonical uid of the name typed (the typed
 * text, NFKC-folded, when the directory has no such user: `canonicalUsername`), the client address
 * (`request.ip`), and `device` the id of a valid device cookie of that user the browser sent
 * (device-cookies.ts), or null for a browser that has not signed that user in before.
 */
export type LoginAttempt = { username: string; address: string; device: string | null };

/** A lockout in force that refuses an attempt: wait `retryAfterMs` (429 with Retry-After). */
export type LoginRefusal = { kind: LoginLockoutKind; retryAfterMs: number };

export type LoginLimits = {
  /** The longest lockout in force that holds this attempt (with a device cookie: only that device's), or null when it may be checked. */
  check(attempt: LoginAttempt): Promise<LoginRefusal | null>;
  /** The address lockout in force on `address`, or null: checked before the directory is asked, for a browser with no device cookie at all. */
  addressHeld(address: string): Promise<LoginRefusal | null>;
  /** Counts a refused sign-in (on its device alone when it has a device cookie) and sets (and logs) the lockouts it earns. */
  refused(attempt: LoginAttempt, log: FastifyBaseLogger): Promise<void>;
  /** A sign-in succeeded: that pair's count and lockout end (the username's and the address's stay); with a device cookie, that device's. */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** The lockouts in force, the latest first. */
  list(): Promise<LoginLockout[]>;
  /** Ends a lockout and its count (a device lockout: every locked device of the user); logs who lifted it. */
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
  | 'LOGIN_DEVICE_MAX_FAILURES'
  | 'LOGIN_DEVICE_LOCK_MS'
>;

/** The kinds that hold a browser without a device cookie of the user. */
const UNTRUSTED_KINDS = ['pair', 'username', 'address'] as const satisfies readonly LoginLockoutKind[];
type UntrustedKind = (typeof UNTRUSTED_KINDS)[number];

/** The username as the directory compares it (uid ignores case and width): trimmed, NFKC, lower case. */
const normalise = (username: string) => username.normalize('NFKC').trim().toLowerCase();

/**
 * The key every limit counts a sign-in by: the uid the directory found for the
 * typed name, else the typed name itself; both folded as the directory compares names, so
 * 'ａｄｍｉｎ', 'ADMİN' and 'admin' are one count.
 */
export const canonicalUsername = (typed: string, uid: string | null): string => normalise(uid ?? typed);

/** The subject of `kind` for an attempt: the username and/or the address it is counted by. */
const subjectOf = (kind: UntrustedKind, { username, address }: LoginAttempt): LoginLockoutSubject => ({
  kind,
  username: kind === 'address' ? null : normalise(username),
  address: kind === 'username' ? null : address,
});

/** The Redis key part of one device of a user (a device id is base64url: no '|'). */
const deviceKey = (username: string, device: string) => `${normalise(username)}|${device}`;

/** The Redis key part of a subject; a username cannot hold '|' past the directory's attribute rules, an address never does. */
const keyOf = ({ kind, username, address }: LoginLockoutSubject) =>
  kind === 'pair' ? `${username}|${address}` : kind === 'address' ? `${address}` : `${username}`;

/** 1 s, 2 s, 4 s... for the n-th refusal past the free ones, up to `maxMs`. */
const growingDelayMs = (over: number, maxMs: number) => Math.min(1000 * 2 ** Math.min(over - 1, 30), maxMs);

/**
 * The staff sign-in limits (OWASP's device cookies) on the
 * sessions' Redis, so they hold across gateway instances, each count kept LOGIN_RATE_WINDOW_MS.
 *
 * A browser that signed the user in before sends a device cookie of that user (`device`): only
 * that device's own refusals count against it, and LOGIN_DEVICE_MAX_FAILURES of them lock that
 * device alone for LOGIN_DEVICE_LOCK_MS. Refusals from anywhere else (other addresses, other
 * browsers, the same NAT address) never slow it.
 *
 * Any other browser is held as before: refusals counted per (username, address), per username and
 * per address with rate-limiter-flexible. A pair earns growing delays after a few refusals, so one
 * source guessing is slowed to a crawl; the username as a whole earns delays of at most
 * LOGIN_USERNAME_DELAY_MAX_MS (a minute at most), so a distributed guess is slowed; an address is
 * refused for the rest of the window past LOGIN_RATE_MAX_PER_ADDRESS (a call centre's worth).
 *
 * Usernames are the canonical ones (`canonicalUsername`). Only refusals count: staff signing in
 * never use a limit up. Each lockout is a record in one Redis hash (the Administrator's list) and
 * a log line. Redis errors are thrown: sign-in fails closed (503).
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
    device: counter('device', Number.MAX_SAFE_INTEGER),
  };
  /** Lockouts: a key blocked (rate-limiter-flexible `block`) for the delay. */
  const locks: Record<LoginLockoutKind, RateLimiterRedis> = {
    pair: counter('pair-lock', 1),
    username: counter('username-lock', 1),
    address: counter('address-lock', 1),
    device: counter('device-lock', 1),
  };
  /** The record's field in the lockouts hash: one per subject, and per device for a device lockout. */
  const field = (subject: LoginLockoutSubject, device?: string) =>
    JSON.stringify(device === undefined ? [subject.kind, subject.username, subject.address] : [subject.kind, subject.username, subject.address, device]);
  /** The device of a device lockout's field (undefined for other kinds). */
  const deviceOfField = (key: string) => (JSON.parse(key) as unknown[])[3] as string | undefined;

  /** Blocks `key` of the subject's kind for `delayMs` and records (and logs) the lockout. */
  const lock = async (subject: LoginLockoutSubject, key: string, refusals: number, delayMs: number, log: FastifyBaseLogger, device?: string) => {
    const seconds = Math.max(1, Math.ceil(delayMs / 1000));
    await locks[subject.kind].block(key, seconds);
    const previous = await redis.hget(recordsKey, field(subject, device));
    const now = Date.now();
    const since = previous ? (JSON.parse(previous) as LoginLockout).since : new Date(now).toISOString();
    const record: LoginLockout = { ...subject, refusals, since, until: new Date(now + seconds * 1000).toISOString() };
    const keep = config.LOGIN_RATE_WINDOW_MS + Math.max(config.LOGIN_PAIR_DELAY_MAX_MS, config.LOGIN_DEVICE_LOCK_MS);
    await redis.multi().hset(recordsKey, field(subject, device), JSON.stringify(record)).pexpire(recordsKey, keep).exec();
    log.warn({ lockout: record, seconds }, 'sign-in lockout');
  };

  /** The count after one more refusal of `key` (consume rejects with the state once the points are spent: the address ceiling). */
  const consume = (kind: LoginLockoutKind, key: string) =>
    counts[kind].consume(key).catch((res: unknown) => {
      if (res instanceof Error) throw res;
      return res as { consumedPoints: number; msBeforeNext: number };
    });

  /** The lockout of `kind` in force on `key`, or null. */
  const heldBy = async (kind: LoginLockoutKind, key: string): Promise<LoginRefusal | null> => {
    const res = await locks[kind].get(key);
    return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? { kind, retryAfterMs: res.msBeforeNext } : null;
  };

  return {
    async check(attempt) {
      if (attempt.device !== null) return heldBy('device', deviceKey(attempt.username, attempt.device));
      const held = await Promise.all(UNTRUSTED_KINDS.map((kind) => heldBy(kind, keyOf(subjectOf(kind, attempt)))));
      let refusal: LoginRefusal | null = null;
      for (const one of held) if (one && (!refusal || one.retryAfterMs > refusal.retryAfterMs)) refusal = one;
      return refusal;
    },

    addressHeld: (address) => heldBy('address', address),

    async refused(attempt, log) {
      if (attempt.device !== null) {
        const key = deviceKey(attempt.username, attempt.device);
        const device = await consume('device', key);
        if (device.consumedPoints >= config.LOGIN_DEVICE_MAX_FAILURES) {
          const subject: LoginLockoutSubject = { kind: 'device', username: normalise(attempt.username), address: null };
          await lock(subject, key, device.consumedPoints, config.LOGIN_DEVICE_LOCK_MS, log, attempt.device);
        }
        return;
      }
      const [pair, username, address] = await Promise.all(UNTRUSTED_KINDS.map((kind) => consume(kind, keyOf(subjectOf(kind, attempt)))));
      if (pair!.consumedPoints > config.LOGIN_PAIR_FREE_FAILURES) {
        const over = pair!.consumedPoints - config.LOGIN_PAIR_FREE_FAILURES;
        const subject = subjectOf('pair', attempt);
        await lock(subject, keyOf(subject), pair!.consumedPoints, growingDelayMs(over, config.LOGIN_PAIR_DELAY_MAX_MS), log);
      }
      if (username!.consumedPoints > config.LOGIN_RATE_MAX_PER_USERNAME) {
        const over = username!.consumedPoints - config.LOGIN_RATE_MAX_PER_USERNAME;
        const subject = subjectOf('username', attempt);
        await lock(subject, keyOf(subject), username!.consumedPoints, growingDelayMs(over, config.LOGIN_USERNAME_DELAY_MAX_MS), log);
      }
      if (address!.consumedPoints >= config.LOGIN_RATE_MAX_PER_ADDRESS) {
        const subject = subjectOf('address', attempt);
        await lock(subject, keyOf(subject), address!.consumedPoints, address!.msBeforeNext, log);
      }
    },

    async succeeded(attempt) {
      if (attempt.device !== null) {
        const key = deviceKey(attempt.username, attempt.device);
        const subject: LoginLockoutSubject = { kind: 'device', username: normalise(attempt.username), address: null };
        await Promise.all([counts.device.delete(key), locks.device.delete(key), redis.hdel(recordsKey, field(subject, attempt.device))]);
        return;
      }
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
      const normalised: LoginLockoutSubject = {
        kind: subject.kind,
        username: subject.username === null ? null : normalise(subject.username),
        address: subject.kind === 'device' ? null : subject.address,
      };
      if (normalised.kind === 'device') {
        // Every locked device of the user: their records name them.
        const all = Object.keys(await redis.hgetall(recordsKey));
        const devices = all
          .map((key) => ({ key, device: deviceOfField(key) }))
          .filter(({ key, device }) => device !== undefined && key === field(normalised, device));
        await Promise.all(
          devices.flatMap(({ key, device }) => {
            const lockKey = deviceKey(normalised.username ?? '', device as string);
            return [counts.device.delete(lockKey), locks.device.delete(lockKey), redis.hdel(recordsKey, key)];
          }),
        );
      } else {
        const key = keyOf(normalised);
        await Promise.all([counts[normalised.kind].delete(key), locks[normalised.kind].delete(key), redis.hdel(recordsKey, field(normalised))]);
      }
      log.warn({ lockout: normalised, by }, 'sign-in lockout lifted');
    },
  };
}
