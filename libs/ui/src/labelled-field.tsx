import type { ReactNode } from 'react';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

/** What a labelled control needs from its field: its error state and the ids that describe it. */
export type ControlProps = { invalid: boolean; describedBy: (extra?: string) => string | undefined };

export type LabelledFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Renders the control (input, select, textarea…) with the id `id`. */
  children: (control: ControlProps) => ReactNode;
  /** Rendered after the control, inside the question. */
  after?: ReactNode;
};

/**
 * One question in the GOV.UK pattern, shared by every single-control widget: label, optional hint,
 * error message above the control (ids `{id}-hint` and `{id}-error` for aria-describedby) and the
 * red error bar.
 */
export function LabelledField({ id, label, hint, error, children, after }: LabelledFieldProps) {
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
      {children({ invalid: !!error, describedBy: (extra) => describedBy(hintId, errorId, extra) })}
      {after}
    </FormGroup>
  );
}
