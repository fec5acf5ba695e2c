import type { ApplicationStepId } from '@/config/paths';

export type ApplicationStep = { id: ApplicationStepId; number: number; label: string; heading: string };

/** The three tabs of the application form (spec section 2), in order. */
export const APPLICATION_STEPS: readonly ApplicationStep[] = [
  { id: 'personal-details', number: 1, label: 'Personal details', heading: 'Step 1: Personal details' },
  { id: 'qualifications', number: 2, label: 'Qualifications', heading: 'Step 2: Qualifications' },
  { id: 'submit', number: 3, label: 'Submit', heading: 'Step 3: Submit' },
];

export const findStep = (id: string | undefined): ApplicationStep | undefined =>
  APPLICATION_STEPS.find((step) => step.id === id);
