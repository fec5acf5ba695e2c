import { APPLICATION_FIELD_BY_NAME, isFieldVisible, type FieldDef } from '@clearing-desk/contracts';
import { DateInput, DateTextInput, Radios, Select, Textarea, TextInput, type InputWidth, type SelectOption } from '@clearing-desk/ui';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactNode } from 'react';
import { FORM_TEXTS } from '../texts';
import { textOf } from '../utils/form-values';
import { fieldId } from '../utils/field-ids';
import { useApplicationForm } from './application-form-provider';

/** How a field is typed in: autocomplete tokens (WCAG 1.3.5), input type and width. */
const INPUT_UI: Partial<
  Record<
    string,
    {
      autoComplete?: HTMLInputAutoCompleteAttribute;
      type?: HTMLInputTypeAttribute;
      inputMode?: 'numeric' | 'email' | 'tel';
      width?: InputWidth;
      spellCheck?: boolean;
    }
  >
> = {
  NAME1: { autoComplete: 'given-name', spellCheck: false },
  NAME2: { autoComplete: 'family-name', spellCheck: false },
  EMAIL: { autoComplete: 'email', type: 'email', spellCheck: false },
  TEL1: { autoComplete: 'tel', type: 'tel', width: '20' },
  TEL2: { autoComplete: 'tel', type: 'tel', width: '20' },
  POSTCODE: { autoComplete: 'postal-code', width: '10' },
  UCAS_PERSONAL_ID: { inputMode: 'numeric', width: '10', spellCheck: false },
};

const YES_NO: readonly SelectOption[] = [
  { value: '1', label: FORM_TEXTS.YES },
  { value: '0', label: FORM_TEXTS.NO },
];

export const questionOf = (field: FieldDef): string =>
  `${field.question ?? field.label}${field.required || field.kind === 'yesno' ? '' : ` ${FORM_TEXTS.OPTIONAL}`}`;

export type FormFieldProps = {
  name: string;
  /** Options of a select field. */
  options?: readonly SelectOption[];
  placeholder?: string;
  hint?: ReactNode;
  /** Shown inside the question under the input (e.g. a note that depends on the answer). */
  after?: ReactNode;
  /** After the value changed (e.g. to run the duplicate check with the new value). */
  onChanged?: (value: string) => void;
  onBlur?: () => void;
};

/**
 * One plain field of the form (spec section 3), drawn from its definition in APPLICATION_FIELDS:
 * label or question, hint, the input for its kind, and its error when the display rule shows it.
 * Hidden fields (visibility rules) render nothing.
 */
export function FormField({ name, options = [], placeholder, hint, after, onChanged, onBlur }: FormFieldProps) {
  const { values, setField, errorAt, audience } = useApplicationForm();
  const field = APPLICATION_FIELD_BY_NAME.get(name);
  if (!field || !isFieldVisible(field, values)) return null;

  const id = fieldId(name);
  const value = textOf(values, name);
  const error = errorAt(name);
  const label = questionOf(field);
  const change = (next: string) => {
    setField(name, next);
    onChanged?.(next);
  };
  const fieldHint = hint ?? field.hint;

  switch (field.kind) {
    case 'yesno':
      return (
        <Radios id={id} name={name} legend={label} hint={fieldHint} error={error} options={YES_NO} value={value} onChange={change} inline>
          {after}
        </Radios>
      );
    case 'date':
      // An adviser types the date in one box ('27/3/2007'): one field instead of three.
      if (audience === 'staff') {
        return (
          <DateTextInput
            id={id}
            label={label}
            hint={FORM_TEXTS.DATE_ONE_BOX_HINT}
            error={error}
            value={value}
            onChange={change}
            onBlur={onBlur}
            autoComplete="bday"
          />
        );
      }
      return <DateInput id={id} legend={label} hint={fieldHint} error={error} value={value} onChange={change} onBlur={onBlur} autoCompletePrefix="bday" />;
    case 'select':
      return (
        <Select
          id={id}
          name={name}
          label={label}
          hint={fieldHint}
          error={error}
          options={options}
          placeholder={placeholder}
          value={value}
          onChange={(event) => change(event.target.value)}
          onBlur={onBlur}
          after={after}
        />
      );
    case 'textarea':
      return (
        <Textarea
          id={id}
          name={name}
          label={label}
          hint={fieldHint}
          error={error}
          value={value}
          onChange={(event) => change(event.target.value)}
          onBlur={onBlur}
        />
      );
    default: {
      const ui = INPUT_UI[name] ?? {};
      return (
        <TextInput
          id={id}
          name={name}
          label={label}
          hint={fieldHint}
          error={error}
          value={value}
          type={ui.type}
          inputMode={ui.inputMode}
          autoComplete={ui.autoComplete ?? 'off'}
          spellCheck={ui.spellCheck}
          width={ui.width}
          onChange={(event) => change(event.target.value)}
          onBlur={onBlur}
        />
      );
    }
  }
}
