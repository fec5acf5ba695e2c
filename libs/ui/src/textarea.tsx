import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

/** A labelled multi-line text box with optional hint and error message. */
export function Textarea({ id, label, hint, error, className, rows = 5, ...props }: TextareaProps) {
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
      <textarea
        id={id}
        rows={rows}
        className={classNames('cd-textarea', error && 'cd-textarea--error', className)}
        aria-invalid={error ? true : undefined}
        {...props}
        aria-describedby={describedBy(hintId, errorId, props['aria-describedby'])}
      />
    </FormGroup>
  );
}
