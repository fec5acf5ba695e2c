import { WALLBOARD_SSE_EVENT, WALLBOARD_TEXTS, wallboardEventSchema, type WallboardEvent } from '@clearing-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { apiPaths } from '@/config/paths';
import { figuresKeys } from '../api/figures-keys';
import { coalescedRefresh } from './coalesced-refresh';

/**
 * The wallboard's live connection: 'connecting' until the stream opens, 'live' while it is,
 * 'reconnecting' after an error (EventSource retries by itself), 'unavailable' where the browser
 * has no EventSource (the figures' own polling still runs). `updates` counts the decisions heard.
 */
export type LiveState = { status: 'connecting' | 'live' | 'reconnecting' | 'unavailable'; updates: number; last: WallboardEvent | null };
export type LiveAction = { type: 'open' } | { type: 'error' } | { type: 'unsupported' } | { type: 'event'; event: WallboardEvent };

export const INITIAL_LIVE_STATE: LiveState = { status: 'connecting', updates: 0, last: null };

/** The connection's state after an action (pure: the wallboard's tests drive it without a stream). */
export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'open':
      return { ...state, status: 'live' };
    case 'error':
      return { ...state, status: 'reconnecting' };
    case 'unsupported':
      return { ...state, status: 'unavailable' };
    case 'event':
      // An event proves the stream is open even if 'open' was missed.
      return { status: 'live', updates: state.updates + 1, last: action.event };
  }
}

/** What the wallboard says about its connection (null: nothing to say). */
export const liveText = (state: LiveState): string | null =>
  state.status === 'live' ? WALLBOARD_TEXTS.LIVE : state.status === 'reconnecting' ? WALLBOARD_TEXTS.RECONNECTING : null;

/**
 * Listens to GET /api/admin/wallboard/events and asks for the figures again at each decision, so
 * the wallboard follows a decision within the stream's latency rather than the 15 s poll. The
 * requests are coalesced (`coalescedRefresh`): one in flight is never cancelled, and a burst of
 * decisions while it runs costs one request more after it.
 */
export function useWallboardLive(): LiveState {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(liveReducer, INITIAL_LIVE_STATE);
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      dispatch({ type: 'unsupported' });
      return;
    }
    // Not cancelling the figures request in flight (cancelRefetch: false): the helper asks again after it.
    const refresh = coalescedRefresh(
      () => queryClient.invalidateQueries({ queryKey: figuresKeys.all }, { cancelRefetch: false }),
      () => queryClient.isFetching({ queryKey: figuresKeys.all }) > 0,
    );
    const source = new EventSource(apiPaths.wallboardEvents(), { withCredentials: true });
    source.onopen = () => dispatch({ type: 'open' });
    source.onerror = () => dispatch({ type: 'error' });
    source.addEventListener(WALLBOARD_SSE_EVENT, (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = wallboardEventSchema.safeParse(data);
      if (!event.success) return;
      dispatch({ type: 'event', event: event.data });
      refresh();
    });
    return () => source.close();
  }, [queryClient]);
  return state;
}
