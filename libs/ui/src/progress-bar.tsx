import type { ReactNode } from 'react';

export type ProgressBarProps = {
  id: string;
  /** What is in progress, e.g. 'Uploading results.pdf'. */
  label: ReactNode;
  /** Done so far, from 0 to 1. */
  value: number;
};

/** A labelled <progress> with the percentage written beside it. */
export function ProgressBar({ id, label, value }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="cd-progress">
      <label className="cd-progress__label" htmlFor={id}>
        {label}
      </label>
      <progress id={id} className="cd-progress__bar" max={100} value={percent}>
        {percent}%
      </progress>
      <span className="cd-progress__value" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
