// The ad slot island, on each slot (components/AdSlot.tsx renders it, with its house ad): counted
// for the page view under way (the audience island starts it) and, with the reader's consent and a
// network code, filled by Google's tag (features/audience/ads.ts decides; gpt.ts loads it only with
// consent); until it is filled, or if it never is, the house ad stays. A subscriber sees none: the
// premium hint hides the slots before the first paint, and in a browser with a session the slot waits
// for /api/me (the session island's call, lib/session.ts loadMe, which removes a subscriber's slots).
import type { AdSlotName } from '../../../shared/analytics';
import { PREMIUM_ATTRIBUTE, SESSION_HINT_CLASS } from '../../../shared/boot-script';
import { watchSlot } from '../features/audience/tracker';
import { currentView, subscribeView, type PageView } from '../features/audience/view-store';
import type { Island } from './lib/island';

const adSlot: Island = async (element) => {
  const html = document.documentElement;
  if (html.hasAttribute(PREMIUM_ATTRIBUTE)) return;
  if (html.classList.contains(SESSION_HINT_CLASS)) {
    const { loadMe } = await import('./lib/session');
    const me = await loadMe().catch(() => null);
    if (me?.subscription.subscribed || !element.isConnected) return;
  }
  const slot = element.dataset.adSlot as AdSlotName | undefined;
  const box = element.querySelector<HTMLElement>('.ad-slot-box');
  const tag = element.querySelector<HTMLElement>('.ad-slot-tag');
  if (!slot || !box || !tag?.id) return;
  let watching: PageView | null = null;
  let stop: (() => void) | undefined;
  // A new page view (back/forward cache) counts the slot again and gets a new ad.
  const follow = () => {
    const view = currentView();
    if (view === watching) return;
    stop?.();
    stop = undefined;
    element.removeAttribute('data-filled');
    watching = view;
    if (view) stop = watchSlot(view, slot, box, tag.id, (filled) => element.toggleAttribute('data-filled', filled));
  };
  subscribeView(follow);
  follow();
};

export default adSlot;
