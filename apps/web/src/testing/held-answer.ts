/**
 * A fake answer the test holds until it has seen what shows meanwhile (no test
 * races a timer). The handler awaits `held`; the test asserts the loading state while the request
 * is outstanding, then calls `release()` and the answer goes.
 */
export function holdAnswer(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}
