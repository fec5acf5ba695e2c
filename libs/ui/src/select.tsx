import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string | null;
  /** Text of a first, empty option ('' value); none when omitted. */
  placeholder?: string;
  /** Rendered after the select, inside the question (e.g. a note that depends on the choice). */
  after?: ReactNode;
};

/** A labelled drop-down list with optional hint and error message. */
export function Select({ id, label, options, hint, error, placeholder, after, className, ...props }: SelectProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <FormGroup error={!!error}>
      <label className="cd-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={hintId} className="cd-hint">
          {hint}
        </div>
      )}
      {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
      <select
        id={id}
        className={classNames('cd-select', error && 'cd-select--error', className)}
        aria-invalid={error ? true : undefined}
        {...props}
        aria-describedby={describedBy(hintId, errorId, props['aria-describedby'])}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {after}
    </FormGroup>
  );
}
