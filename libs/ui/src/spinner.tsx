import { VisuallyHidden } from './visually-hidden';

export type SpinnerProps = {
  /** What is loading, read by screen readers (and shown when `showLabel`). */
  label?: string;
  showLabel?: boolean;
};

/** Loading indicator: an animated ring plus text in a polite live region. */
export function Spinner({ label = 'Loading', showLabel = false }: SpinnerProps) {
  return (
    <div className="cd-spinner" role="status">
      <span className="cd-spinner__icon" aria-hidden="true" />
      {showLabel ? <span className="cd-spinner__label">{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </div>
  );
}
