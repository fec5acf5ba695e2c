/**
 * A refresh that never cancels itself and never piles up: `request()` starts `refresh` at once when
 * none is running; called while one runs, it only notes that another is due, and one more runs
 * when the running one settles (however many requests came in between). So a burst of wallboard
 * events costs one figures request in flight and one after it, and every event is followed by a
 * request sent after it (so its decision shows). Cancelling the request in flight at each event,
 * as a plain React Query invalidation does, starved the board: at more events a second than
 * figures answers, no answer ever arrived and the board waited for the 15 s poll
 * (tools/bench/wallboard).
 *
 * `alreadyRunning`, when given, says a request of the same data is in flight that this helper did
 * not start (the figures' own poll): it is waited for (not cancelled), then one more runs, since
 * it left before the event.
 */
export function coalescedRefresh(refresh: () => Promise<unknown>, alreadyRunning: () => boolean = () => false): () => void {
  let running: Promise<unknown> | null = null;
  let due = false;
  const request = (): void => {
    if (running) {
      due = true;
      return;
    }
    const other = alreadyRunning();
    due = false;
    running = refresh()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (due || other) request();
      });
  };
  return request;
}
