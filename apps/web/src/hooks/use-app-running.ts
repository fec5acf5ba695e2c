import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Whether the app runs this screen: false in the HTML painted on the server and in the render that
 * hydrates it (so the two match), true from then on and in any screen the app draws itself. For
 * controls that must not act before the app does, such as a form whose browser submission would
 * go nowhere (the sign-in on the server-painted /staff).
 */
export const useAppRunning = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
