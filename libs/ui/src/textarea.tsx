import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { LabelledField } from './labelled-field';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

/** A labelled multi-line text box with optional hint and error message. */
export function Textarea({ id, label, hint, error, className, rows = 5, ...props }: TextareaProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          id={id}
          rows={rows}
          className={classNames('cd-textarea', control.invalid && 'cd-textarea--error', className)}
          aria-invalid={control.invalid || undefined}
          {...props}
          aria-describedby={control.describedBy(props['aria-describedby'])}
        />
      )}
    </LabelledField>
  );
}
