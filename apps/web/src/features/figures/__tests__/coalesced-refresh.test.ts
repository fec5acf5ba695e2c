import { coalescedRefresh } from '../lib/coalesced-refresh';

/** A refresh the test settles by hand: each call is one request, kept in order. */
function manualRefresh() {
  const calls: { settle: () => void; fail: () => void }[] = [];
  const refresh = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ settle: resolve, fail: () => reject(new Error('network')) });
    });
  return { calls, refresh };
}

/** Lets the promise callbacks of a settled request run (a macrotask runs after every microtask queued before it). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalescedRefresh', () => {
  it('starts at once, never runs two at a time, and runs one more after a burst', async () => {
    const { calls, refresh } = manualRefresh();
    const request = coalescedRefresh(refresh);
    request();
    expect(calls).toHaveLength(1);
    // A burst while the first is in flight: nothing new starts, nothing is cancelled.
    request();
    request();
    request();
    expect(calls).toHaveLength(1);
    calls[0]!.settle();
    await settled();
    // One request for the whole burst, sent after it.
    expect(calls).toHaveLength(2);
    calls[1]!.settle();
    await settled();
    expect(calls).toHaveLength(2);
  });

  it('goes on after a failed request', async () => {
    const { calls, refresh } = manualRefresh();
    const request = coalescedRefresh(refresh);
    request();
    request();
    calls[0]!.fail();
    await settled();
    expect(calls).toHaveLength(2);
    calls[1]!.settle();
    await settled();
    request();
    expect(calls).toHaveLength(3);
  });

  it('asks once more after a request it did not start (the poll), which left before the event', async () => {
    const { calls, refresh } = manualRefresh();
    let pollInFlight = true;
    const request = coalescedRefresh(refresh, () => pollInFlight);
    request();
    // The first call only waits for the poll's request (React Query hands back the one in flight).
    expect(calls).toHaveLength(1);
    pollInFlight = false;
    calls[0]!.settle();
    await settled();
    expect(calls).toHaveLength(2);
    calls[1]!.settle();
    await settled();
    expect(calls).toHaveLength(2);
  });
});
