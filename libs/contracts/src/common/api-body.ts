import { z } from 'zod';

/**
 * A JSON request body as the web app sends it (architecture.md "Calls"): the payload in `data`
 * and the XSRF token in `token` (the gateway checks the token; services never see it).
 */
export const apiBodySchema = <S extends z.ZodType>(data: S) => z.object({ data, token: z.string().optional() });

/**
 * The body of a write that carries nothing (the logout, 'Stay signed in'): none at all, or
 * `{ data?, token? }` with the XSRF token.
 */
export const emptyApiBodySchema = apiBodySchema(z.unknown()).partial().nullish();
