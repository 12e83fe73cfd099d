// The app's side of the page view store (view-store.ts): its hook, and the tracker loaded once the
// page runs. Kept apart from the tracker so that pages hold only this and load the rest later.
import { useSyncExternalStore } from 'react';
import { currentView, subscribeView, type PageView } from './view-store';

export { currentView, publishView, type PageView } from './view-store';

/** The page view under way: null on the server, and until its own beacon has gone. */
export function useCurrentPageView(): PageView | null {
  return useSyncExternalStore(subscribeView, currentView, () => null);
}

/** The tracker and the ad tag, loaded once the page runs: nothing of them weighs on its first paint. */
export const loadTracker = () => import('./app-tracker');
