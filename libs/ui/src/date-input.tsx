import { useState, type FocusEvent, type ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

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
