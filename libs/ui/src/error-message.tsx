import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

export type ErrorMessageProps = { id: string; children: ReactNode };

/**
 * The message of a field in error (GOV.UK pattern): above the input, bold red, with an 'Error:'
 * prefix for screen readers. The input points at it with aria-describedby.
 */
export function ErrorMessage({ id, children }: ErrorMessageProps) {
  return (
    <p id={id} className="cd-error-message">
      <VisuallyHidden>Error:</VisuallyHidden> {children}
    </p>
  );
}
