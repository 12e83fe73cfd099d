// The portal's own ads: every slot has one, and no page shows the same one twice (the desktop home
// showed 'Escreva no Portal Plural' and 'Leia sem anúncios' twice each among its five slots).
import { describe, expect, it } from 'vitest';
import { AD_SLOTS } from '../../shared/analytics-rules';
import { houseAdOf, PAGE_SLOTS } from '../../web/src/features/audience/house-ads';

describe('house ads', () => {
  it('are all different on each page', () => {
    for (const [page, slots] of Object.entries(PAGE_SLOTS)) {
      const titles = slots.map((slot) => houseAdOf(slot).title);
      expect(new Set(titles).size, `${page}: ${titles.join(' / ')}`).toBe(slots.length);
    }
  });

  it('cover every slot of the spec, each on one page', () => {
    expect(Object.values(PAGE_SLOTS).flat().sort()).toEqual([...AD_SLOTS].sort());
  });

  it('lead to the app or, for the feed, to the file', () => {
    for (const slot of AD_SLOTS) {
      const ad = houseAdOf(slot);
      expect(ad.to, slot).toMatch(/^\/[a-z-]*(\.xml)?$/);
      expect(Boolean('file' in ad && ad.file), slot).toBe(ad.to.endsWith('.xml'));
    }
  });
});
