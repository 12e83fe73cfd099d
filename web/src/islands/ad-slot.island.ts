// The ad slot island, on each slot (components/AdSlot.tsx renders it, with its house ad): counted
// for the page view under way (the audience island starts it) and, with the reader's consent and a
// network code, filled by Google's tag (features/audience/ads.ts decides; gpt.ts loads it only with
// consent); until it is filled, or if it never is, the house ad stays. The islands run for readers
// without a session, who are never subscribers; a browser with a session (whose subscription is not
// known here) gets no beacons and no ad from this island, and the premium hint hides its slots.
import type { AdSlotName } from '../../../shared/analytics';
import { PREMIUM_ATTRIBUTE, SESSION_HINT_CLASS } from '../../../shared/boot-script';
import { watchSlot } from '../features/audience/tracker';
import { currentView, subscribeView, type PageView } from '../features/audience/view-store';
import type { Island } from './lib/island';

const adSlot: Island = (element) => {
  const html = document.documentElement;
  if (html.hasAttribute(PREMIUM_ATTRIBUTE) || html.classList.contains(SESSION_HINT_CLASS)) return;
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
