// Leaving an island's page for an address of the app (a full load: the app is not on this page).

/**
 * Opens `path` with react-router's location state (the /auth tab, a notice): a full load cannot carry
 * it, so it goes in a new history entry (react-router's own shape), which the reload keeps.
 */
export function openWithState(path: string, state: unknown): void {
  const index = (history.state as { idx?: number } | null)?.idx ?? 0;
  history.pushState({ usr: state, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', path);
  location.reload();
}
