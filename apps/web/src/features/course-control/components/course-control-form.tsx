import { DOCUMENT_TYPE_SLOTS, LIMITS, type CourseData, type EditableCourseField } from '@clearing-desk/contracts';
import { Button, Radios, TextInput, Textarea } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { COURSE_CONTROL_TEXTS as T } from '../texts';
import { courseFormValues, fieldId, type CourseFormValues } from '../utils/course-update-form';

type CourseControlFormProps = {
  course: CourseData;
  saving: boolean;
  /** Field errors (from the contract check or the server) shown at each field. */
  errors: Partial<Record<EditableCourseField, string>>;
  onSubmit: (values: CourseFormValues) => void;
};

/** The course's editable fields and 'Save course'. The notes preview is sanitised in the browser too. */
export function CourseControlForm({ course, saving, errors, onSubmit }: CourseControlFormProps) {
  const [values, setValues] = useState<CourseFormValues>(() => courseFormValues(course));
  const set = (field: EditableCourseField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const number = (field: EditableCourseField, label: string, hint?: string, inputMode: 'numeric' | 'decimal' = 'numeric') => (
    <TextInput
      id={fieldId(field)}
      name={field}
      label={label}
      hint={hint}
      error={errors[field]}
      value={values[field]}
      inputMode={inputMode}
      width="5"
      onChange={(event) => set(field)(event.target.value)}
    />
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={T.HEADING(course.COURSE_TITLE, course.QUALIFICATION)}>
      <fieldset className="cd-fieldset">
        <legend className="cd-fieldset__legend cd-heading-m">{T.PLACES_LEGEND}</legend>
        {number('VACANCIES_EXTERNAL', T.VACANCIES_EXTERNAL, T.VACANCIES_EXTERNAL_HINT)}
        {number('CLEARING_PLACES', T.CLEARING_PLACES, T.CLEARING_PLACES_HINT)}
        {number('OFFER_ALLOWANCE', T.OFFER_ALLOWANCE, T.OFFER_ALLOWANCE_HINT, 'decimal')}
        <p className="cd-body" id="course-places-left">
          {T.PLACES_LEFT(course.VACANCIES_INTERNAL)}
        </p>
        <Radios
          id={fieldId('SUSPENDED')}
          name="SUSPENDED"
          legend={T.SUSPENDED}
          options={[
            { value: 'false', label: T.OPEN },
            { value: 'true', label: T.SUSPEND },
          ]}
          value={values.SUSPENDED}
          onChange={set('SUSPENDED')}
          error={errors.SUSPENDED}
          inline
        />
      </fieldset>
      <fieldset className="cd-fieldset">
        <legend className="cd-fieldset__legend cd-heading-m">{T.TARIFFS_LEGEND}</legend>
        {number('TARIFF_ADVERTISED', T.TARIFF_ADVERTISED)}
        {number('TARIFF_ACCEPTED', T.TARIFF_ACCEPTED)}
        {number('IB_ADVERTISED', T.IB_ADVERTISED, T.IB_ADVERTISED_HINT)}
        {number('IB_ACCEPTED', T.IB_ACCEPTED, T.IB_ACCEPTED_HINT)}
      </fieldset>
      <Textarea
        id={fieldId('NOTES')}
        name="NOTES"
        label={T.NOTES}
        hint={T.NOTES_HINT}
        error={errors.NOTES}
        value={values.NOTES}
        maxLength={LIMITS.NOTES_MAX}
        rows={6}
        onChange={(event) => set('NOTES')(event.target.value)}
      />
      {values.NOTES.trim() !== '' && (
        <section aria-label={T.NOTES_PREVIEW} className="cd-inset-text">
          <h2 className="cd-heading-s">{T.NOTES_PREVIEW}</h2>
          {/* Sanitised here as well as on the server before it is stored (defence in depth). */}
          <div className="cd-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(values.NOTES) }} />
        </section>
      )}
      <TextInput
        id={fieldId('FEEDBACK_TELEPHONE')}
        name="FEEDBACK_TELEPHONE"
        label={T.FEEDBACK_TELEPHONE}
        error={errors.FEEDBACK_TELEPHONE}
        value={values.FEEDBACK_TELEPHONE}
        type="tel"
        autoComplete="off"
        maxLength={LIMITS.PHONE_MAX}
        width="20"
        onChange={(event) => set('FEEDBACK_TELEPHONE')(event.target.value)}
      />
      <Textarea
        id={fieldId('FEEDBACK_NOTE')}
        name="FEEDBACK_NOTE"
        label={T.FEEDBACK_NOTE}
        error={errors.FEEDBACK_NOTE}
        value={values.FEEDBACK_NOTE}
        maxLength={LIMITS.NOTES_MAX}
        rows={3}
        onChange={(event) => set('FEEDBACK_NOTE')(event.target.value)}
      />
      <Radios
        id={fieldId('ALLOW_SECOND_YEAR_ENTRY')}
        name="ALLOW_SECOND_YEAR_ENTRY"
        legend={T.SECOND_YEAR}
        options={[
          { value: 'true', label: T.YES },
          { value: 'false', label: T.NO },
        ]}
        value={values.ALLOW_SECOND_YEAR_ENTRY}
        onChange={set('ALLOW_SECOND_YEAR_ENTRY')}
        error={errors.ALLOW_SECOND_YEAR_ENTRY}
        inline
      />
      <TextInput
        id={fieldId('DOCUMENT_TYPES')}
        name="DOCUMENT_TYPES"
        label={T.DOCUMENT_TYPES}
        hint={T.DOCUMENT_TYPES_HINT(Object.keys(DOCUMENT_TYPE_SLOTS).join(', '))}
        error={errors.DOCUMENT_TYPES}
        value={values.DOCUMENT_TYPES}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set('DOCUMENT_TYPES')(event.target.value)}
      />
      <Button type="submit" disabled={saving}>
        {T.SAVE}
      </Button>
    </form>
  );
}
