import type { ReactNode } from 'react';
import { classNames } from './class-names';

export type FormGroupProps = { error?: boolean; className?: string; children: ReactNode };

/** Spacing around one question; a red bar on the left while it is in error. */
export function FormGroup({ error = false, className, children }: FormGroupProps) {
  return <div className={classNames('cd-form-group', error && 'cd-form-group--error', className)}>{children}</div>;
}
