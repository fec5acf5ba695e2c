import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { isEmailAddress } from './email-address';

/** A trimmed email address (isEmailAddress) of at most LIMITS.EMAIL_MAX characters, as a zod schema. */
export const emailAddressSchema = z.string().trim().max(LIMITS.EMAIL_MAX).refine(isEmailAddress, { message: 'Enter an email address.' });
