import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { LabelledField } from './labelled-field';

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
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          id={id}
          type={type}
          className={classNames('cd-input', control.invalid && 'cd-input--error', width !== 'full' && `cd-input--width-${width}`, className)}
          aria-invalid={control.invalid || undefined}
          {...props}
          aria-describedby={control.describedBy(props['aria-describedby'])}
        />
      )}
    </LabelledField>
  );
}
