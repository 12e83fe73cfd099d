// The page view under way, shared by the page's tracker and its ad slots (whose beacons carry its id
// and article). Without React: the islands of the public pages use it as the app does (store.ts).
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

export function subscribeView(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
