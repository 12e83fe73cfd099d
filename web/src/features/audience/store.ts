// The page view under way, shared by the page's tracker and its ad slots (whose beacons carry its id
// and article). Kept apart from the tracker so that pages hold only this and load the rest later.
import { useSyncExternalStore } from 'react';
import type { Transport, ViewIdentity } from './beacon';

export interface PageView extends ViewIdentity {
  transport: Transport;
}

let current: PageView | null = null;
const listeners = new Set<() => void>();

export function publishView(view: PageView | null): void {
  current = view;
  for (const listener of listeners) listener();
}

export function currentView(): PageView | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page view under way: null on the server, and until its own beacon has gone. */
export function useCurrentPageView(): PageView | null {
  return useSyncExternalStore(subscribe, currentView, () => null);
}

/** The tracker and the ad tag, loaded once the page runs: nothing of them weighs on its first paint. */
export const loadTracker = () => import('./tracker');
