import { SCROLL_POSITIONS_KEY } from '@clearing-desk/contracts';

/**
 * Saves `scrollY` (px) as the position of the history entry `locationKey` in the storage React
 * Router's ScrollRestoration reads (SCROLL_POSITIONS_KEY), unless that entry already has one (a
 * reload, whose saved position ScrollRestoration restores). Without it, ScrollRestoration scrolls
 * to the top when it mounts, which would move a pre-rendered page the moment the app takes it over.
 * Without sessionStorage (private mode, quota) it does nothing.
 */
export function keepScrollPosition(locationKey: string, scrollY: number): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;
    if (typeof saved[locationKey] === 'number') return;
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ ...saved, [locationKey]: scrollY }));
  } catch {
    // ScrollRestoration then starts at the top, as it would anyway.
  }
}

/**
 * The key a page's scroll position is kept under (ScrollRestoration's getKey and
 * keepScrollPosition's): the history entry's own key, except for the first entry of a document,
 * which React Router keys 'default' whatever its URL: that one by its path and query. Otherwise a
 * page loaded afresh in the same tab (a link followed before the app took over the page) would take
 * the position the previous document's first page was left at.
 */
export function scrollPositionKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}
