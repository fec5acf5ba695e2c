import { useState, type FocusEvent, type ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';
import { LabelledField } from './labelled-field';

type DateParts = { day: string; month: string; year: string };

const pad = (part: string): string => (/^\d$/.test(part) ? `0${part}` : part);

/** 'yyyy-mm-dd' from the three boxes; '' when all are empty. One-digit days and months get a 0. */
export const composeIsoDate = ({ day, month, year }: DateParts): string => {
  const parts = [year.trim(), month.trim(), day.trim()];
  return parts.every((p) => p === '') ? '' : `${parts[0]}-${pad(parts[1] ?? '')}-${pad(parts[2] ?? '')}`;
};

/** The three boxes of a 'yyyy-mm-dd' value (or of a partly filled one such as '-05-'). */
export const splitIsoDate = (value: string): DateParts => {
  if (!value) return { day: '', month: '', year: '' };
  const [year = '', month = '', day = ''] = value.split('-');
  return { day, month, year };
};

export type DateInputProps = {
  /** Prefix of the three inputs' ids: `${id}-day`, `${id}-month`, `${id}-year`. */
  id: string;
  legend: ReactNode;
  /** 'yyyy-mm-dd' (partly filled values keep their place: '-05-' is a month alone). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: string | null;
  /** autocomplete tokens: 'bday' gives bday-day, bday-month, bday-year. */
  autoCompletePrefix?: 'bday';
};

const BOXES = [
  { part: 'day', label: 'Day', width: 2 },
  { part: 'month', label: 'Month', width: 2 },
  { part: 'year', label: 'Year', width: 4 },
] as const;

/**
 * Date input (GOV.UK pattern): day, month and year boxes in a fieldset whose legend is the
 * question. The value is kept as 'yyyy-mm-dd'; what the user typed stays in the boxes.
 */
export function DateInput({ id, legend, value, onChange, onBlur, hint, error, autoCompletePrefix }: DateInputProps) {
  const [parts, setParts] = useState<DateParts>(() => splitIsoDate(value));
  const [seen, setSeen] = useState(value);
  // A new value from outside (a reset, another screen): show it; our own changes are already shown.
  if (value !== seen) {
    setSeen(value);
    if (composeIsoDate(parts) !== value) setParts(splitIsoDate(value));
  }

  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  const change = (part: keyof DateParts, text: string) => {
    const next = { ...parts, [part]: text };
    const composed = composeIsoDate(next);
    setParts(next);
    setSeen(composed);
    onChange(composed);
  };

  return (
    <FormGroup error={!!error}>
      <fieldset className="cd-fieldset" role="group" aria-describedby={describedBy(hintId, errorId)}>
        <legend className="cd-fieldset__legend">{legend}</legend>
        {hint && (
          <div id={hintId} className="cd-hint">
            {hint}
          </div>
        )}
        {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
        <div className="cd-date-input">
          {BOXES.map(({ part, label, width }) => (
            <div key={part} className="cd-date-input__item">
              <label className="cd-label cd-date-input__label" htmlFor={`${id}-${part}`}>
                {label}
              </label>
              <input
                id={`${id}-${part}`}
                name={`${id}-${part}`}
                className={classNames('cd-input', `cd-input--width-${width}`, error && 'cd-input--error')}
                type="text"
                inputMode="numeric"
                autoComplete={autoCompletePrefix ? `${autoCompletePrefix}-${part}` : 'off'}
                aria-invalid={error ? true : undefined}
                value={parts[part]}
                onChange={(event) => change(part, event.target.value)}
                onBlur={onBlur}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </FormGroup>
  );
}

const DAY_MONTH_YEAR = /^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{4})$/;
const DAY_MONTH_YEAR_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * 'yyyy-mm-dd' from a date typed in one box, day first: '27/3/2007', '27 3 2007', '27.03.2007',
 * '27-3-2007' or '27032007'; '' when blank. Any other text comes back as typed (trimmed), so the
 * form's date rule refuses it with its own message ('must have format: dd/mm/yyyy').
 */
export const isoFromDayMonthYear = (text: string): string => {
  const trimmed = text.trim();
  const m = DAY_MONTH_YEAR.exec(trimmed) ?? DAY_MONTH_YEAR_DIGITS.exec(trimmed);
  if (!m) return trimmed;
  const [, day = '', month = '', year = ''] = m;
  return `${year}-${pad(month)}-${pad(day)}`;
};

/** A 'yyyy-mm-dd' value as the one box shows it, 'dd/mm/yyyy'; any other value as it is. */
export const dayMonthYearOf = (value: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
};

export type DateTextInputProps = {
  /** The input's id. */
  id: string;
  label: ReactNode;
  /** 'yyyy-mm-dd', or the text typed while it is not a date. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: string | null;
  autoComplete?: 'bday';
};

/**
 * A date typed in one box, day first ('27/3/2007'), for people who type dates all day (an adviser
 * with a caller on the line: one field instead of three). The value is kept as 'yyyy-mm-dd'
 * (isoFromDayMonthYear); what the user typed stays in the box.
 */
export function DateTextInput({ id, label, value, onChange, onBlur, hint, error, autoComplete }: DateTextInputProps) {
  const [text, setText] = useState(() => dayMonthYearOf(value));
  const [seen, setSeen] = useState(value);
  // A new value from outside (a reset, another screen): show it; our own changes are already shown.
  if (value !== seen) {
    setSeen(value);
    if (isoFromDayMonthYear(text) !== value) setText(dayMonthYearOf(value));
  }
  const change = (next: string) => {
    const iso = isoFromDayMonthYear(next);
    setText(next);
    setSeen(iso);
    onChange(iso);
  };
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          id={id}
          name={id}
          className={classNames('cd-input', 'cd-input--width-10', control.invalid && 'cd-input--error')}
          type="text"
          autoComplete={autoComplete ?? 'off'}
          spellCheck={false}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy()}
          value={text}
          onChange={(event) => change(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </LabelledField>
  );
}
