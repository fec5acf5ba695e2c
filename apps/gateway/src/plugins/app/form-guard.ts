import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  FORM_PROOF_HEADER,
  FORM_PROOF_REQUIRED_MESSAGE,
  FORM_START_HEADER,
  FORM_START_INVALID_MESSAGE,
  FORM_START_MISSING_MESSAGE,
  formTooFastMessage,
  tooManyRequestsMessage,
  type FormProofRequired,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';
import { rateLimitSubject } from '../external/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** A form-start token for a public form opened now (GET /api/form-start). */
    issueFormStart: () => string;
    /**
     * preValidation hook of the public submission: within the address's budget it passes; past it
     * the call needs a form-start token and a solved proof of work (see formGuardPlugin).
     */
    formGuard: preValidationAsyncHookHandler;
  }
}

const TOKEN_VERSION = 'f1';
const POW_ALGORITHM = 'PBKDF2/SHA-256';

/** A key for one purpose derived from the form secret, so tokens and challenges never share a key with the sessions. */
const purposeKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(`clearing-desk form guard: ${purpose}`).digest('hex');

/** The keys of the form-start tokens and of the proof-of-work challenges, from FORM_SECRET (else SESSION_SECRET). */
export function formGuardKeys(config: Pick<GatewayConfig, 'FORM_SECRET' | 'SESSION_SECRET'>): { tokenKey: string; powKey: string } {
  const secret = config.FORM_SECRET ?? purposeKey(config.SESSION_SECRET, 'form secret');
  return { tokenKey: purposeKey(secret, 'form-start token'), powKey: purposeKey(secret, 'proof of work') };
}

/**
 * A form-start token: `f1.{issued at, ms}.{random nonce}.{HMAC-SHA256 of those, base64url}`.
 * @param key the token key (purposeKey of the form secret)
 * @param now the issue time in ms since the epoch
 */
export function signFormStart(key: string, now: number): string {
  const body = `${TOKEN_VERSION}.${now}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** What a form-start token says: 'invalid' (not signed with `key`, malformed), else its age in ms at `now`. */
export function readFormStart(key: string, token: string, now: number): { valid: false } | { valid: true; ageMs: number } {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== TOKEN_VERSION || !/^\d{1,15}$/.test(parts[1] ?? '')) return { valid: false };
  const expected = createHmac('sha256', key).update(parts.slice(0, 3).join('.')).digest();
  const given = Buffer.from(parts[3] ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false };
  return { valid: true, ageMs: now - Number(parts[1]) };
}

/** The solved challenge of FORM_PROOF_HEADER (base64 JSON `{ challenge, solution }`), or null when unreadable. */
function parseProof(header: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    if (typeof value?.challenge?.signature !== 'string' || typeof value.challenge.parameters !== 'object' || typeof value.solution?.counter !== 'number')
      return null;
    return { challenge: value.challenge, solution: value.solution };
  } catch {
    return null;
  }
}

/**
 * Tells a person at the public form from a script rotating e-mails on one address (a class of
 * a school shares that address with the script, so per-applicant counts cannot), by what a
 * person does and a script does not:
 * 1. A form-start token (GET /api/form-start, `issueFormStart`), carried in FORM_START_HEADER:
 *    when present it must be one the gateway signed, at least FORM_MIN_FILL_MS and at most
 *    FORM_TOKEN_MAX_AGE_MS old, else 400 (formTooFastMessage, FORM_START_INVALID_MESSAGE).
 * 2. Public submissions count per client address over RATE_LIMIT_WINDOW_MS: the first
 *    RATE_LIMIT_APPLY_BUDGET pass. Past it, a submission without a token is refused (429 with
 *    Retry-After when it has none), and one with a token gets 428 `{ message, challenge }`: an
 *    ALTCHA proof of work (altcha-lib, PBKDF2/SHA-256, FORM_POW_COST iterations per attempt,
 *    answer up to FORM_POW_COUNTER_MAX), signed and expiring after FORM_POW_EXPIRES_MS.
 * 3. A submission with a token and the solved challenge in FORM_PROOF_HEADER passes (each
 *    challenge once, remembered in Redis until it expires) without touching the budget, so a
 *    script that used the budget up starves nobody; these count on RATE_LIMIT_APPLY_MAX per
 *    address. A wrong, expired or used solution gets a new challenge (428).
 * Signed-in staff are never asked (they count per username on RATE_LIMIT_APPLY_MAX as before).
 */
export const formGuardPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const { tokenKey, powKey } = formGuardKeys(config);
    const usedPrefix = `${config.REDIS_KEY_PREFIX}:form-proof:`;

    const budget = fastify.createRateLimit({
      max: config.RATE_LIMIT_APPLY_BUDGET,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) => `apply:budget:${rateLimitSubject(request)}`,
    });
    const proven = fastify.createRateLimit({
      max: config.RATE_LIMIT_APPLY_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) => `apply:proven:${rateLimitSubject(request)}`,
    });

    const challenge = async (): Promise<FormProofRequired> => {
      const half = Math.floor(config.FORM_POW_COUNTER_MAX / 2);
      const made = await createChallenge({
        algorithm: POW_ALGORITHM,
        cost: config.FORM_POW_COST,
        counter: randomInt(half, config.FORM_POW_COUNTER_MAX),
        deriveKey,
        expiresAt: Math.floor((Date.now() + config.FORM_POW_EXPIRES_MS) / 1000),
        hmacSignatureSecret: powKey,
      });
      return { message: FORM_PROOF_REQUIRED_MESSAGE, challenge: { parameters: { ...made.parameters }, signature: made.signature ?? '' } };
    };

    const refuse = (reply: FastifyReply, seconds: number) => {
      reply.header('retry-after', String(seconds));
      return new HttpError(429, tooManyRequestsMessage(seconds));
    };

    /** Whether the proof is right, unexpired and not used before (then marks it used). */
    const proofHolds = async (request: FastifyRequest, header: string): Promise<boolean> => {
      const proof = parseProof(header);
      if (!proof) return false;
      const result = await verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey, hmacSignatureSecret: powKey }).catch(() => null);
      if (!result?.verified) return false;
      const ttl = Math.max(1000, (proof.challenge.parameters.expiresAt ?? 0) * 1000 - Date.now() + 1000);
      let first: string | null;
      try {
        first = await fastify.redis.set(`${usedPrefix}${proof.challenge.signature}`, '1', 'PX', Math.min(ttl, config.FORM_POW_EXPIRES_MS + 1000), 'NX');
      } catch (err) {
        // Redis down: the proof is right, and results day goes on (as every public limit does).
        request.log.warn({ err }, 'proof of work not recorded as used');
        return true;
      }
      if (first !== 'OK') request.log.warn('a proof of work sent again was refused');
      return first === 'OK';
    };

    fastify.decorate('issueFormStart', () => signFormStart(tokenKey, Date.now()));

    fastify.decorate('formGuard', async function formGuard(request: FastifyRequest, reply: FastifyReply) {
      if (request.staffUser) return;
      const token = request.headers[FORM_START_HEADER];
      let tokened = false;
      if (typeof token === 'string' && token !== '') {
        const read = readFormStart(tokenKey, token, Date.now());
        if (!read.valid || read.ageMs > config.FORM_TOKEN_MAX_AGE_MS) throw new HttpError(400, FORM_START_INVALID_MESSAGE);
        if (read.ageMs < config.FORM_MIN_FILL_MS) {
          request.log.warn({ ageMs: read.ageMs }, 'public form sent sooner than a person fills it in: refused');
          throw new HttpError(400, formTooFastMessage(Math.max(1, Math.ceil((config.FORM_MIN_FILL_MS - read.ageMs) / 1000))));
        }
        tokened = true;
      }

      const proofHeader = request.headers[FORM_PROOF_HEADER];
      if (tokened && typeof proofHeader === 'string' && proofHeader !== '') {
        if (!(await proofHolds(request, proofHeader))) {
          reply.code(428);
          return reply.send(await challenge());
        }
        const counted = await proven(request).catch((err: unknown) => {
          request.log.warn({ err }, 'proven submissions not counted');
          return null;
        });
        if (counted && !counted.isAllowed && counted.isExceeded) throw refuse(reply, Math.max(1, counted.ttlInSeconds));
        return;
      }

      let counted;
      try {
        counted = await budget(request);
      } catch (err) {
        // As for every public limit: a count that cannot be made lets the call through (results day goes on).
        request.log.warn({ err }, 'submission budget not counted');
        return;
      }
      if (counted.isAllowed || !counted.isExceeded) return;
      if (!tokened) {
        if (typeof proofHeader === 'string' && proofHeader !== '') throw new HttpError(400, FORM_START_MISSING_MESSAGE);
        throw refuse(reply, Math.max(1, counted.ttlInSeconds));
      }
      reply.code(428);
      return reply.send(await challenge());
    });
  },
  { name: 'form-guard', dependencies: ['redis', 'rate-limit'] },
);
