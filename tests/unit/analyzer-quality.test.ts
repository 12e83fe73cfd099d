// Regression guard: the analyzer keeps the goals on the labelled set (tests/fixtures/analysis),
// measured exactly as `npm run bench` reports them (tests/bench/analysis.ts). Pure computation: well
// under a second.
import { describe, expect, it } from 'vitest';
import { LABELLED } from '../fixtures/analysis/labelled';
import { analysisQuality } from '../bench/analysis';

describe('the labelled set', () => {
  it('has at least 40 original articles of 80 to 200 words, with valid labels', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(40);
    expect(new Set(LABELLED.map((article) => article.id)).size).toBe(LABELLED.length);
    for (const article of LABELLED) {
      const words = article.content.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
      expect(words, article.id).toBeGreaterThanOrEqual(80);
      expect(words, article.id).toBeLessThanOrEqual(200);
      for (const code of article.locations) expect(code, article.id).toMatch(/^(\d{2}|\d{7})$/);
      if (article.primary) expect(article.locations, article.id).toContain(article.primary);
      expect(article.tags.length, article.id).toBeGreaterThan(5);
    }
    expect(LABELLED.filter((article) => article.primary === null).length).toBeGreaterThanOrEqual(5);
  });

  it('meets the location goals: precision >= 0.9, recall >= 0.85, primary >= 0.9', async () => {
    const report = await analysisQuality();
    expect(report.location_precision).toBeGreaterThanOrEqual(0.9);
    expect(report.location_recall).toBeGreaterThanOrEqual(0.85);
    expect(report.primary_precision).toBeGreaterThanOrEqual(0.9);
    expect(report.primary_accuracy).toBeGreaterThanOrEqual(0.9);
    expect(report.tag_precision).toBeGreaterThanOrEqual(0.75);
  });
});
