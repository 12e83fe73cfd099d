// The size mapping of the ad slots (spec 9, shared/analytics.ts): a slot's desktop size on a viewport
// of at least 1024×768, 728×90 from 768 px wide, 320×50 below. The stylesheet reserves the same
// boxes (site.css, .ad-slot-box), so an ad arriving never moves the page.
import { AD_VIEWPORTS, adSizes, type AdSize, type AdSlotName } from '../../../../shared/analytics-rules';

export interface Viewport {
  width: number;
  height: number;
}

/** The box a slot reserves at a viewport: its first (largest) size there. */
export function slotSize(slot: AdSlotName, { width, height }: Viewport): AdSize {
  const sizes = adSizes(slot);
  const [desktopWidth, desktopHeight] = AD_VIEWPORTS.desktop;
  if (width >= desktopWidth && height >= desktopHeight) return sizes.desktop[0] ?? sizes.tablet;
  if (width >= AD_VIEWPORTS.tablet[0]) return sizes.tablet;
  return sizes.phone;
}

/** GPT's size mapping, widest viewport first: [minimum viewport, sizes allowed there]. */
export function sizeMapping(slot: AdSlotName): [viewport: [number, number], sizes: [number, number][]][] {
  const sizes = adSizes(slot);
  const pair = ([width, height]: readonly number[]): [number, number] => [width ?? 0, height ?? 0];
  return [
    [pair(AD_VIEWPORTS.desktop), sizes.desktop.map(pair)],
    [pair(AD_VIEWPORTS.tablet), [pair(sizes.tablet)]],
    [pair(AD_VIEWPORTS.phone), [pair(sizes.phone)]],
  ];
}

/** Every size the slot may take (defineSlot's second argument). */
export function allSizes(slot: AdSlotName): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (const [, sizes] of sizeMapping(slot)) for (const size of sizes) seen.set(size.join('x'), size);
  return [...seen.values()];
}
