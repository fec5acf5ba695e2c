import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { LabelledField } from './labelled-field';

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
  return (
    <LabelledField id={id} label={label} hint={hint} error={error} after={after}>
      {(control) => (
        <select
          id={id}
          className={classNames('cd-select', control.invalid && 'cd-select--error', className)}
          aria-invalid={control.invalid || undefined}
          {...props}
          aria-describedby={control.describedBy(props['aria-describedby'])}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
