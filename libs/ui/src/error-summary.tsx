import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';

export type ErrorSummaryItem = {
  /** id of the field the error belongs to; the error links to it. */
  fieldId?: string;
  message: string;
};

export type ErrorSummaryProps = {
  errors: readonly ErrorSummaryItem[];
  title?: string;
  description?: ReactNode;
  /** Move focus to the summary when it appears or its errors change (GOV.UK pattern). */
  autoFocus?: boolean;
  /** id of the summary, so a page can move focus to it itself (with autoFocus false). */
  id?: string;
};

// Scroll the field's label (or fieldset legend) into view so the question is visible too.
function focusField(fieldId: string): boolean {
  const field = document.getElementById(fieldId);
  if (!field) return false;
  const fieldset = field.closest('fieldset');
  const legend = fieldset?.querySelector('legend');
  const label = Array.from(document.querySelectorAll('label')).find((l) => l.htmlFor === fieldId);
  field.focus({ preventScroll: true });
  (legend ?? label ?? field).scrollIntoView?.();
  return true;
}

/**
 * Error summary (GOV.UK pattern): shown at the top of a page after a failed submit. It takes
 * focus so screen readers announce it, and each message links to its field.
 */
export function ErrorSummary({ errors, title = 'There is a problem', description, autoFocus = true, id }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const signature = errors.map((e) => `${e.fieldId ?? ''}:${e.message}`).join('|');

  useLayoutEffect(() => {
    if (autoFocus && signature) ref.current?.focus();
  }, [autoFocus, signature]);

  if (errors.length === 0) return null;

  const onLinkClick = (fieldId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusField(fieldId)) event.preventDefault();
  };

  return (
    <div className="cd-error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId} id={id}>
      <h2 className="cd-error-summary__title" id={titleId}>
        {title}
      </h2>
      <div className="cd-error-summary__body">
        {description && <p>{description}</p>}
        <ul className="cd-error-summary__list">
          {errors.map((error, index) => (
            <li key={`${error.fieldId ?? ''}-${index}`}>
              {error.fieldId ? (
                <a href={`#${error.fieldId}`} onClick={onLinkClick(error.fieldId)}>
                  {error.message}
                </a>
              ) : (
                error.message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
