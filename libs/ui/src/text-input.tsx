import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

export type InputWidth = 'full' | '30' | '20' | '10' | '5' | '4' | '3' | '2';

export type TextInputProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown above the input; nothing when empty. */
  error?: string | null;
  /** Character widths as in GOV.UK (`cd-input--width-10`); full width by default. */
  width?: InputWidth;
};

/** A labelled text input with optional hint and error message (GOV.UK pattern). */
export function TextInput({ id, label, hint, error, width = 'full', className, type = 'text', ...props }: TextInputProps) {
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
      <input
        id={id}
        type={type}
        className={classNames('cd-input', error && 'cd-input--error', width !== 'full' && `cd-input--width-${width}`, className)}
        aria-invalid={error ? true : undefined}
        {...props}
        aria-describedby={describedBy(hintId, errorId, props['aria-describedby'])}
      />
    </FormGroup>
  );
}
