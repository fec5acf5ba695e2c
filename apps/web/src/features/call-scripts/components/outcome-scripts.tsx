import { APPLICATION_STATUSES, SCRIPT_HEADINGS, type ApplicationStatus } from '@clearing-desk/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { ScriptHtml } from './script-html';

/** One status button as its script is previewed: its label and the status it stores. */
export type ButtonScriptItem = { label: string; status: ApplicationStatus; outcome: readonly string[] };

/**
 * Under the status buttons: each button's outcome script (what the adviser will
 * tell the caller), so it is read before committing to it. Generic over whatever buttons the
 * assessment offers; a button without a script (V on a new application) is left out. Plain
 * headings, not landmarks: the panel's 'What to say' stays the one region of that name.
 */
export function ButtonScripts({ items }: { items: readonly ButtonScriptItem[] }) {
  const shown = items.filter((item) => item.outcome.length > 0);
  if (shown.length === 0) return null;
  return (
    <div className="cd-button-scripts">
      <h2 className="cd-heading-m">{SCRIPT_HEADINGS.BUTTON_SCRIPTS}</h2>
      {shown.map((item) => (
        <div key={`${item.label}-${item.status}`} className="cd-button-scripts__item" data-status={item.status}>
          <h3 className="cd-heading-s">{SCRIPT_HEADINGS.buttonScript(item.label)}</h3>
          {item.outcome.map((p, i) => (
            <ScriptHtml key={i} html={p} />
          ))}
        </div>
      ))}
    </div>
  );
}

export const SAVED_HEADING_ID = 'saved-heading';

type SavedConfirmationProps = {
  /** The public reference the caller quotes (applicationReference: DEPART_NUMBER + REFERENCE). */
  reference: string;
  /** The stored status (the decision just saved). */
  status: ApplicationStatus;
  /** The outcome script of that status, rendered by buildCallScript. */
  outcome: readonly string[];
  /** 'Next caller': starts a fresh form (the screen supplies the link). */
  nextCaller: ReactNode;
};

/**
 * The confirmation at the top of the screen after a save: 'Saved', the reference
 * the caller quotes, the decision and its outcome script, then 'Next caller'. Mounting it scrolls it
 * into view and moves focus to its heading, so the adviser (and a screen reader) is told at once and
 * reads the script without scrolling, at desk size and first on a phone.
 */
export function SavedConfirmation({ reference, status, outcome, nextCaller }: SavedConfirmationProps) {
  const ref = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="cd-saved" aria-labelledby={SAVED_HEADING_ID} ref={ref}>
      <h2 className="cd-heading-l cd-saved__heading" id={SAVED_HEADING_ID} tabIndex={-1} ref={headingRef}>
        {SCRIPT_HEADINGS.SAVED}
      </h2>
      <dl className="cd-saved__facts">
        <div>
          <dt>{SCRIPT_HEADINGS.REFERENCE}</dt>
          <dd>
            <strong>{reference}</strong>
          </dd>
        </div>
        <div>
          <dt>{SCRIPT_HEADINGS.DECISION}</dt>
          <dd>{APPLICATION_STATUSES[status]}</dd>
        </div>
      </dl>
      {outcome.length > 0 && (
        <>
          <h3 className="cd-heading-s">{SCRIPT_HEADINGS.OUTCOME}</h3>
          {outcome.map((p, i) => (
            <ScriptHtml key={i} html={p} />
          ))}
        </>
      )}
      <div className="cd-saved__next">{nextCaller}</div>
    </section>
  );
}
