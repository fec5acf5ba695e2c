import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { LabelledField } from './labelled-field';

export type FileUploadProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'onChange' | 'value'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The chosen file; the input is emptied afterwards, so the same file can be chosen again. */
  onFileChosen: (file: File) => void;
};

/** A labelled file input with optional hint and error (GOV.UK file upload pattern). */
export function FileUpload({ id, label, hint, error, onFileChosen, className, ...props }: FileUploadProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          id={id}
          type="file"
          className={classNames('cd-file-upload', control.invalid && 'cd-file-upload--error', className)}
          aria-invalid={control.invalid || undefined}
          {...props}
          aria-describedby={control.describedBy(props['aria-describedby'])}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFileChosen(file);
          }}
        />
      )}
    </LabelledField>
  );
}
