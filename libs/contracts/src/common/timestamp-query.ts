import { z } from 'zod';
import { TIMESTAMP_PARAM } from './http-names';

/** The `_` timestamp every GET may carry; a route's query schema extends it. */
export const timestampQuerySchema = z.object({ [TIMESTAMP_PARAM]: z.string().optional() });
