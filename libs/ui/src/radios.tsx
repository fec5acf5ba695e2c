import type { FocusEvent, ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

export type RadioOption = { value: string; label: string };

export type RadiosProps = {
  /** id of the first radio (error summaries link to it); the others are `${id}-${value}`. */
  id: string;
  name: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: string | null;
  /** Side by side (for two short answers such as Yes / No). */
  inline?: boolean;
  /** Side by side and close together, for a row of very short answers (grades: A*, A, B...). */
  compact?: boolean;
  /** Shown under the radios, inside the question (e.g. a follow-up field). */
  children?: ReactNode;
};

/** A question answered by one of a few radios: a fieldset with a legend (GOV.UK pattern). */
export function Radios({ id, name, legend, options, value, onChange, onBlur, hint, error, inline = false, compact = false, children }: RadiosProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <FormGroup error={!!error}>
      <fieldset className="cd-fieldset" aria-describedby={describedBy(hintId, errorId)}>
        <legend className="cd-fieldset__legend">{legend}</legend>
        {hint && (
          <div id={hintId} className="cd-hint">
            {hint}
          </div>
        )}
        {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
        <div className={classNames('cd-radios', (inline || compact) && 'cd-radios--inline', compact && 'cd-radios--compact')}>
          {options.map((option, index) => {
            const optionId = index === 0 ? id : `${id}-${option.value}`;
            return (
              <div key={option.value} className="cd-radios__item">
                <input
                  className="cd-radios__input"
                  id={optionId}
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => onChange(option.value)}
                  onBlur={onBlur}
                />
                <label className="cd-label cd-radios__label" htmlFor={optionId}>
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
        {children && <div className="cd-radios__conditional">{children}</div>}
      </fieldset>
    </FormGroup>
  );
}
