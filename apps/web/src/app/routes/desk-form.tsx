import type { QualificationItem } from '@clearing-desk/contracts';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { useFormAssessment } from '@/features/application-form/hooks/use-form-assessment';
import type { FormValues } from '@/features/application-form/types';
import { textOf } from '@/features/application-form/utils/form-values';
import type { ButtonScriptsSlot, StatusButtonPreview } from '@/features/application-form/components/submit-panel';
import { ButtonScripts, deskCallScript, ReviewScript, StaffReview, type DeskScriptProps } from '@/features/call-scripts';
import { useClearingStatus } from '@/lib/clearing-status';

/**
 * The application form as the call scripts read it, shared by the screens that put the form beside
 * the feedback panel (phone application, edit screen, training call). Composed in the app layer
 * because features never import each other.
 */

/** The answers a call script reads (greeting, nationality, second year, UCAS ID). */
const SCRIPT_FIELDS = ['NAME1', 'NAME2', 'NATIONALITY', 'SECOND_YEAR_ENTRY', 'APPLIED_TO_UCAS', 'UCAS_PERSONAL_ID'] as const;

/** The form's current answers to SCRIPT_FIELDS, as text. */
export const scriptFormValues = (values: FormValues): DeskScriptProps['form'] => Object.fromEntries(SCRIPT_FIELDS.map((name) => [name, textOf(values, name)]));

/** The stored current cycle's NAME for a script's version line (null while the status loads). */
export const useScriptCycle = (): string | null => useClearingStatus().data?.cycle?.NAME ?? null;

/**
 * The script's props on a desk screen: the form's live answers, assessment and chosen status, plus
 * what the screen knows (course, access, stored ids) and the current cycle.
 */
export function useDeskScriptProps(known: KnownScriptProps): DeskScriptProps {
  const { values, currentStatus } = useApplicationForm();
  const { assessment } = useFormAssessment();
  const cycle = useScriptCycle();
  return { cycle, ...known, assessment, form: scriptFormValues(values), status: currentStatus };
}

/** The Review tab's staff part (spec section 2): the qualifications to read back, then the script once complete. */
export function DeskReview({ scriptProps }: { scriptProps: DeskScriptProps }) {
  const { values, errors, qualOptions } = useApplicationForm();
  const items = (name: 'GCSE_QUALIFICATIONS' | 'QUALIFICATIONS') => (Array.isArray(values[name]) ? (values[name] as QualificationItem[]) : []);
  return (
    <StaffReview
      complete={errors.length === 0}
      qualifications={[...items('QUALIFICATIONS'), ...items('GCSE_QUALIFICATIONS')]}
      qualOptions={qualOptions}
      script={<ReviewScript {...scriptProps} />}
    />
  );
}

/** What a desk screen knows for its script besides the live form (course, access, stored ids). */
export type KnownScriptProps = Omit<DeskScriptProps, 'assessment' | 'form' | 'status'>;

/** The scripts under the status buttons, from the live form (a component: its hooks run only where the slot is shown). */
function DeskButtonScripts({ known, buttons }: { known: KnownScriptProps; buttons: readonly StatusButtonPreview[] }) {
  const scriptProps = useDeskScriptProps(known);
  return <ButtonScripts items={buttons.map((button) => ({ ...button, outcome: deskCallScript({ ...scriptProps, status: button.status }).outcome }))} />;
}

/** The submit step's buttonScripts slot of a desk screen: each button's outcome script, for the status it stores. */
export const deskButtonScripts =
  (known: KnownScriptProps): ButtonScriptsSlot =>
  (buttons) => <DeskButtonScripts known={known} buttons={buttons} />;
