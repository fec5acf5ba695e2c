import { STATUS_PAGE_TEXTS } from '@clearing-desk/contracts';
import { useEffect, useState } from 'react';

type DeadlineCountdownProps = {
  deadline: Date;
  /** The clock (tests pass their own); milliseconds since the epoch. */
  now?: () => number;
};

/**
 * The time left until a deadline in words ('2 days, 3 hours and 12 minutes'), updated when the
 * minute shown changes, never every second. It is a `timer` (aria-live off): a screen reader reads
 * it when the person gets to it and is never interrupted by it (WCAG 2.2.2, 4.1.3); the deadline
 * itself is written out beside it as a date and time that does not move.
 */
export function DeadlineCountdown({ deadline, now = Date.now }: DeadlineCountdownProps) {
  const [left, setLeft] = useState(() => deadline.getTime() - now());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const ms = deadline.getTime() - now();
      setLeft(ms);
      if (ms <= 0) return;
      // Wake when the whole minutes left change (a little after, so the floor has moved).
      timer = setTimeout(tick, (ms % 60_000 || 60_000) + 50);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline, now]);

  return (
    <p className="cd-body cd-deadline__left" role="timer" aria-live="off" aria-atomic="true">
      {left > 0 && <strong>{STATUS_PAGE_TEXTS.TIME_LEFT}: </strong>}
      {STATUS_PAGE_TEXTS.countdown(left)}
    </p>
  );
}
