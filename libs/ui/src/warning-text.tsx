import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

export type WarningTextProps = {
  children: ReactNode;
  /** Prefix read by screen readers in place of the "!" icon. */
  assistiveText?: string;
};

/** GOV.UK-style warning text: a bold sentence with a "!" icon (the icon is not the only cue). */
export function WarningText({ children, assistiveText = 'Warning' }: WarningTextProps) {
  return (
    <div className="cd-warning-text">
      <span className="cd-warning-text__icon" aria-hidden="true">
        !
      </span>
      <strong className="cd-warning-text__text">
        <VisuallyHidden>{assistiveText}: </VisuallyHidden>
        <span>{children}</span>
      </strong>
    </div>
  );
}
