import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

export type CheckboxOption = { value: string; label: string };

export type CheckboxesProps = {
  /** id of the first checkbox (error summaries link to it); the others are `${id}-${value}`. */
  id: string;
  name: string;
  legend: ReactNode;
  options: readonly CheckboxOption[];
  /** The values checked. */
  values: readonly string[];
  onChange: (values: string[]) => void;
  hint?: ReactNode;
  error?: string | null;
};

/**
 * A question answered by any number of checkboxes: a fieldset with a legend, hint and error
 * message (GOV.UK pattern). The values come back in the options' order whatever the clicks' order.
 */
export function Checkboxes({ id, name, legend, options, values, onChange, hint, error }: CheckboxesProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const optionId = (index: number) => (index === 0 ? id : `${id}-${options[index]!.value}`);
  const toggle = (value: string, checked: boolean) => onChange(options.map((o) => o.value).filter((v) => (v === value ? checked : values.includes(v))));
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
        <div className={classNames('cd-checkboxes')}>
          {options.map((option, index) => (
            <div key={option.value} className="cd-checkboxes__item">
              <input
                className="cd-checkboxes__input"
                id={optionId(index)}
                type="checkbox"
                name={name}
                value={option.value}
                checked={values.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <label className="cd-label cd-checkboxes__label" htmlFor={optionId(index)}>
                {option.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </FormGroup>
  );
}
