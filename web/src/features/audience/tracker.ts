// What the public pages send, loaded once a page runs (store.ts in the app, the audience island).
// A page view sends 'view' at once and 'exit' once, at pagehide, when the tab is hidden or when the reader navigates away: the
// visible seconds and the deepest scroll. An ad slot sends 'ad_request' when shown, 'ad_impression'
// once half of it has been in view for a second (tab visible) and 'ad_click' on a click in it (a
// click into an ad's frame shows as the window losing focus to it); all once per page view.
import type { AdSlotName } from '../../../../shared/analytics';
import { loadConfig } from '../../lib/config';
import type { PreparedRequest } from '../../lib/keepalive-post';
import { newVisitId, scrollPercent, VisitClock } from '../articles/lib/reading-tracker';
import { adTag } from './ads';
import { adBeacon, exitBeacon, referrerHost, sendBeacon, viewBeacon, type ViewIdentity } from './beacon';
import { currentView, publishView, type PageView } from './view-store';

let firstView = true;
/** A signed-in reader's token is refreshed this often, so the exit never carries an expired one. */
const REFRESH_MS = 10 * 60 * 1000;
const IN_VIEW_MS = 1000;

/** A signed-in reader's base and token (app-tracker.ts); null: the beacons go as an anonymous reader's. */
export type SessionSource = () => Promise<PreparedRequest | null>;

const anonymous: SessionSource = () => Promise.resolve(null);

/** Begins a page view; the returned function ends it (its exit, unless one went already). */
export function startView(path: string, articleId: string | undefined, prepared: SessionSource = anonymous): () => void {
  const first = firstView;
  firstView = false;
  const identity: ViewIdentity = { id: newVisitId(), path, articleId };
  // The first view counts from the navigation; later ones from the client-side navigation.
  const clock = new VisitClock(first ? 0 : performance.now(), document.visibilityState === 'visible');
  const referrer = first ? referrerHost(document.referrer, window.location.hostname) : undefined;
  let view: PageView | null = null;
  let depth = 0;
  let frame = 0;
  let exited = false;
  let disposed = false;

  const measure = () => {
    depth = Math.max(depth, scrollPercent({ scrollTop: window.scrollY, viewportHeight: window.innerHeight, documentHeight: document.documentElement.scrollHeight }));
  };
  const exit = () => {
    if (!view || exited) return;
    exited = true;
    sendBeacon(view.transport, exitBeacon(view, clock.seconds(performance.now()), depth));
  };
  const refresh = async () => {
    if (!view?.transport.prepared) return;
    const again = await prepared();
    if (again && view) view.transport.prepared = again;
  };
  // At unmount the document may already show the next page: the depth is the one measured before.
  const onScroll = () => {
    frame ||= window.requestAnimationFrame(() => {
      frame = 0;
      measure();
    });
  };
  const onVisibility = () => {
    const visible = document.visibilityState === 'visible';
    clock.visibility(visible, performance.now());
    if (visible) void refresh();
    else {
      measure();
      exit();
    }
  };
  const onPageHide = () => {
    measure();
    exit();
  };

  void Promise.all([loadConfig(), prepared()])
    .then(([config, token]) => {
      if (disposed) return;
      view = { ...identity, transport: { apiBase: config.apiBase, prepared: token } };
      sendBeacon(view.transport, viewBeacon(view, referrer));
      publishView(view);
    })
    .catch(() => undefined);
  onScroll();
  const timer = window.setInterval(() => void refresh(), REFRESH_MS);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    exit();
    disposed = true;
    if (frame) window.cancelAnimationFrame(frame);
    window.clearInterval(timer);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibility);
    if (currentView()?.id === identity.id) publishView(null);
  };
}

/** Counts a shown slot for the view and asks for its ad; the returned function stops both. */
export function watchSlot(view: PageView, slot: AdSlotName, element: HTMLElement, elementId: string, onFilled: (filled: boolean) => void): () => void {
  const send = (kind: 'ad_request' | 'ad_impression' | 'ad_click') => sendBeacon(view.transport, adBeacon(view, kind, slot));
  send('ad_request');

  let inView = false;
  let timer = 0;
  const arm = () => {
    window.clearTimeout(timer);
    if (inView && document.visibilityState === 'visible') timer = window.setTimeout(() => send('ad_impression'), IN_VIEW_MS);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1);
      inView = Boolean(entry?.isIntersecting && entry.intersectionRatio >= 0.499);
      arm();
    },
    { threshold: [0, 0.5] },
  );
  observer.observe(element);
  const onClick = () => send('ad_click');
  const onBlur = () =>
    window.setTimeout(() => {
      const focused = document.activeElement;
      if (focused instanceof HTMLIFrameElement && element.contains(focused)) onClick();
    });
  element.addEventListener('click', onClick);
  window.addEventListener('blur', onBlur);
  document.addEventListener('visibilitychange', arm);

  let gone = false;
  let removeAd: (() => void) | undefined;
  adTag()
    .then(async (tag) => {
      if (!tag || gone) return;
      const remove = await tag.gpt.displayAd(tag.networkCode, slot, elementId, (filled) => !gone && onFilled(filled));
      if (gone) remove();
      else removeAd = remove;
    })
    .catch(() => undefined);

  return () => {
    gone = true;
    removeAd?.();
    window.clearTimeout(timer);
    observer.disconnect();
    element.removeEventListener('click', onClick);
    window.removeEventListener('blur', onBlur);
    document.removeEventListener('visibilitychange', arm);
  };
}
