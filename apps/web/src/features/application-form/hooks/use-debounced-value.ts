import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same (by JSON) for `delay` ms. Values that serialise alike keep
 * the previous reference, so a new but equal object does not restart the timer.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    if (JSON.stringify(debounced) === key) return undefined;
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
    // `value` is captured by `key`; `debounced` only changes through this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delay]);
  return debounced;
}
