import type { FormSection } from '@clearing-desk/contracts';
import type { ApplicationStepId } from '@/config/paths';

export type ApplicationStep = {
  id: ApplicationStepId;
  number: number;
  label: string;
  heading: string;
  /** The form section whose fields the step shows; the submit step has none. */
  section: FormSection | null;
};

/** The three tabs of the application form (spec section 2), in order. */
export const APPLICATION_STEPS: readonly ApplicationStep[] = [
  { id: 'personal-details', number: 1, label: 'Personal details', heading: 'Step 1: Personal details', section: 'personal-details' },
  { id: 'qualifications', number: 2, label: 'Qualifications', heading: 'Step 2: Qualifications', section: 'qualifications' },
  { id: 'submit', number: 3, label: 'Submit', heading: 'Step 3: Submit', section: null },
];

export const findStep = (id: string | undefined): ApplicationStep | undefined => APPLICATION_STEPS.find((step) => step.id === id);

/** The step that shows a form section's fields. */
export const stepOfSection = (section: FormSection): ApplicationStep => APPLICATION_STEPS.find((step) => step.section === section) ?? APPLICATION_STEPS[0]!;
