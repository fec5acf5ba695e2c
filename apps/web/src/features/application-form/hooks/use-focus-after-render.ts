import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Moves focus to an element by id once the next render is on screen: after adding, closing or
 * opening a group item the element that had focus is gone, so focus is put somewhere useful.
 */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  // Layout effect: focus moves in the same task as the render, before another key press.
  useLayoutEffect(() => {
    if (!pending.current) return;
    const element = document.getElementById(pending.current);
    pending.current = null;
    element?.focus();
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}
