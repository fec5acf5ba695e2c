import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

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
        type="file"
        className={classNames('cd-file-upload', error && 'cd-file-upload--error', className)}
        aria-invalid={error ? true : undefined}
        {...props}
        aria-describedby={describedBy(hintId, errorId, props['aria-describedby'])}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFileChosen(file);
        }}
      />
    </FormGroup>
  );
}
