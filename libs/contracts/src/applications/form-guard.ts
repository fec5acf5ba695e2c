import { z } from 'zod';

/**
 * What tells a person at the public form from a script rotating e-mails on the same address
 * (docs/deploy.md "Client addresses, rate limits and bad input"):
 * - a form-start token, signed by the gateway when the form is opened (GET /api/form-start) and
 *   sent back with the submission in FORM_START_HEADER: a submission that carries one is refused
 *   when it comes sooner after the opening than a person can fill the form in;
 * - an address over its budget of submissions a window is asked for a proof of work (ALTCHA,
 *   altcha-lib): 428 with `{ message, challenge }`; the browser solves it and sends the submission
 *   again with the token and the solution, base64 JSON `{ challenge, solution }`, in FORM_PROOF_HEADER.
 */
export const FORM_START_HEADER = 'x-form-start';
/** Header of a solved proof of work: base64 of JSON `{ challenge, solution }` (altcha-lib's Payload). */
export const FORM_PROOF_HEADER = 'x-form-proof';

/** GET /api/form-start: the signed token of a form opened now. */
export const formStartResponseSchema = z.object({ token: z.string().min(1) });
export type FormStartResponse = z.infer<typeof formStartResponseSchema>;

/** An ALTCHA challenge (altcha-lib's Challenge) as the gateway sends it: parameters and their HMAC signature. */
export const formProofChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
});
export type FormProofChallenge = z.infer<typeof formProofChallengeSchema>;

/** 428 of POST /api/apply/{course} from an address over its budget: solve `challenge`, then send again. */
export const formProofRequiredSchema = z.object({ message: z.string(), challenge: formProofChallengeSchema });
export type FormProofRequired = z.infer<typeof formProofRequiredSchema>;

/** The 428's message (the web app shows it while the browser works, as a polite status). */
export const FORM_PROOF_REQUIRED_MESSAGE =
  'Many applications have been sent from your connection in the last minute, so your browser must do a short check before sending yours. This happens automatically and can take up to a minute.';

/**
 * 400 of a submission sent sooner after its form was opened than FORM_MIN_FILL_MS (config).
 * @param seconds the seconds left until the form may be sent (1 or more)
 */
export const formTooFastMessage = (seconds: number): string =>
  `This form was sent too soon after it was opened. Please check your answers and send it again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/** 400 of a submission whose form-start token is not one the gateway signed, or is older than FORM_TOKEN_MAX_AGE_MS. */
export const FORM_START_INVALID_MESSAGE = 'This form has been open for more than a day, too long to be sent. Please reload the page and fill it in again.';

/** 400 of a submission over its address's budget without a form-start token (a script, or a form opened before it was needed). */
export const FORM_START_MISSING_MESSAGE = 'Please reload the page and fill in the form again.';
