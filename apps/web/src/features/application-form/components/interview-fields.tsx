import { INTERVIEW_FIELD_TEXTS, INTERVIEW_LABELS, interviewDetailsSchema, type InterviewDetails } from '@clearing-desk/contracts';
import { DateInput, TextInput } from '@clearing-desk/ui';

export type InterviewDraft = Record<keyof InterviewDetails, string>;
export type InterviewErrors = Partial<Record<keyof InterviewDetails, string>>;

export const EMPTY_INTERVIEW: InterviewDraft = { INTERVIEW_DATE: '', INTERVIEW_TIME: '', INTERVIEW_VENUE: '' };

/** The id of each field's control (the date's is its day box): where focus goes for its error. */
export const INTERVIEW_FIELD_IDS: Record<keyof InterviewDetails, string> = {
  INTERVIEW_DATE: 'interview-date-day',
  INTERVIEW_TIME: 'interview-time',
  INTERVIEW_VENUE: 'interview-venue',
};

/**
 * Checks the draft with the contracts' interviewDetailsSchema (the rule applications-svc applies):
 * the details to send, or each field's first message.
 */
export function checkInterview(draft: InterviewDraft): { details: InterviewDetails; errors: null } | { details: null; errors: InterviewErrors } {
  const parsed = interviewDetailsSchema.safeParse(draft);
  if (parsed.success) return { details: parsed.data, errors: null };
  const errors: InterviewErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof InterviewDetails;
    errors[field] ??= issue.message;
  }
  return { details: null, errors };
}

type InterviewFieldsProps = {
  value: InterviewDraft;
  errors: InterviewErrors;
  onChange: (value: InterviewDraft) => void;
};

/**
 * The interview's date, time and venue (or online link) in the status confirmation when an adviser
 * invites to interview: labelled fields with hints, each error above its field
 * (GOV.UK pattern). The invitation email and the applicant's status page give them.
 */
export function InterviewFields({ value, errors, onChange }: InterviewFieldsProps) {
  const set = (field: keyof InterviewDraft) => (text: string) => onChange({ ...value, [field]: text });
  return (
    <fieldset className="cd-fieldset cd-interview-fields">
      <legend className="cd-fieldset__legend cd-fieldset__legend--s">{INTERVIEW_FIELD_TEXTS.LEGEND}</legend>
      <p className="cd-body">{INTERVIEW_FIELD_TEXTS.INTRO}</p>
      <DateInput
        id="interview-date"
        legend={INTERVIEW_LABELS.INTERVIEW_DATE}
        hint={INTERVIEW_FIELD_TEXTS.DATE_HINT}
        value={value.INTERVIEW_DATE}
        onChange={set('INTERVIEW_DATE')}
        error={errors.INTERVIEW_DATE}
      />
      <TextInput
        id={INTERVIEW_FIELD_IDS.INTERVIEW_TIME}
        label={INTERVIEW_LABELS.INTERVIEW_TIME}
        hint={INTERVIEW_FIELD_TEXTS.TIME_HINT}
        width="5"
        inputMode="numeric"
        autoComplete="off"
        value={value.INTERVIEW_TIME}
        onChange={(e) => set('INTERVIEW_TIME')(e.target.value)}
        error={errors.INTERVIEW_TIME}
      />
      <TextInput
        id={INTERVIEW_FIELD_IDS.INTERVIEW_VENUE}
        label={INTERVIEW_LABELS.INTERVIEW_VENUE}
        hint={INTERVIEW_FIELD_TEXTS.VENUE_HINT}
        autoComplete="off"
        maxLength={256}
        value={value.INTERVIEW_VENUE}
        onChange={(e) => set('INTERVIEW_VENUE')(e.target.value)}
        error={errors.INTERVIEW_VENUE}
      />
    </fieldset>
  );
}
