// Without zod: the staff pages' frame (the idle warning) reads these without the schemas (ADR 0003).

/** How long before the idle timeout the web app warns ('Stay signed in'): two minutes. */
export const SESSION_IDLE_WARNING_MS = 120_000;

/** The texts of the idle warning. */
export const SESSION_WARNING_TEXTS = {
  TITLE: 'You will be signed out soon',
  BODY: (minutes: number) =>
    `You have not done anything for a while. You will be signed out in ${minutes} minute${minutes === 1 ? '' : 's'} unless you stay signed in.`,
  STAY: 'Stay signed in',
  SIGN_OUT: 'Sign out',
} as const;
