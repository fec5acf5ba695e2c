import { INTERNAL_TOKEN_HEADER } from '../server/create-service';

/** The internal token tests configure their services with. */
export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789';

/** Headers a test sends to a service as the gateway would. */
export const internalHeaders = (extra: Record<string, string> = {}) => ({ [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN, ...extra });
