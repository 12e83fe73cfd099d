/// <reference types="google-publisher-tag" />
// Google Publisher Tag, loaded only for a reader who consented to ads on a portal with an Ad Manager
// network code (ads.ts decides, after the page is interactive), with Google's consent mode set from the
// reader's choice before the script is requested (consent-mode.ts). Each slot is defined with its size
// mapping (ad-sizes.ts), lazily fetched and rendered as it nears the viewport, one request per slot.
import type { AdSlotName } from '../../../../shared/analytics';
import { allSizes, sizeMapping } from './ad-sizes';
import { storedConsent } from './consent';
import { nonPersonalizedAds, setConsentDefault } from './consent-mode';

export const GPT_URL = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';

/** Per element id: told whether the slot got an ad (false: the house ad stays). */
const rendered = new Map<string, (filled: boolean) => void>();
let ready: Promise<typeof googletag> | null = null;

function loadGpt(): Promise<typeof googletag> {
  if (ready) return ready;
  const choice = storedConsent();
  // ads.ts asked before importing this module; asked again here, the tag can never load without it.
  if (!choice?.ads) return Promise.reject(new Error('no ads consent'));
  ready = new Promise<typeof googletag>((resolve, reject) => {
    setConsentDefault(choice);
    window.googletag = window.googletag || ({ cmd: [] } as unknown as typeof googletag);
    const script = document.createElement('script');
    script.src = GPT_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => reject(new Error('gpt.js did not load'));
    script.onload = () =>
      window.googletag.cmd.push(() => {
        const tag = window.googletag;
        // Every creative in a cross-domain SafeFrame: the page's CSP admits Google's frames, not its creatives.
        tag.setConfig({ lazyLoad: { fetchMarginPercent: 100, renderMarginPercent: 50, mobileScaling: 2 }, singleRequest: false, safeFrame: { forceSafeFrame: true } });
        // Read again: the reader may have changed their mind while the script loaded.
        tag.pubads().setPrivacySettings({ nonPersonalizedAds: nonPersonalizedAds(storedConsent()) });
        tag.pubads().addEventListener('slotRenderEnded', (event) => rendered.get(event.slot.getSlotElementId())?.(!event.isEmpty));
        tag.enableServices();
        resolve(tag);
      });
    document.head.appendChild(script);
  });
  return ready;
}

/** Defines and displays the slot in the element; the returned function removes it again. */
export async function displayAd(networkCode: string, slot: AdSlotName, elementId: string, onRendered: (filled: boolean) => void): Promise<() => void> {
  const tag = await loadGpt();
  const defined = tag.defineSlot(`/${networkCode}/${slot}`, allSizes(slot), elementId);
  if (!defined) return () => undefined;
  const mapping = tag.sizeMapping();
  for (const [viewport, sizes] of sizeMapping(slot)) mapping.addSize(viewport, sizes);
  defined.defineSizeMapping(mapping.build() ?? []).addService(tag.pubads());
  rendered.set(elementId, onRendered);
  tag.display(defined);
  return () => {
    rendered.delete(elementId);
    tag.destroySlots([defined]);
  };
}
