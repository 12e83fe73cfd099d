// The pieces of the offline analyzer (analyzer/, its own library) that the Comprehend adapter reuses
// beyond its public index: the learning factors, the corpus weighting, the HTML-to-text step and
// one gazetteer lookup. Gathered here so the adapter depends on the library in one place.
import { gazetteer, nameWords, type NameEntry } from './analyzer/gazetteer';

export { placeFactor, tagFactor } from './analyzer/learning';
export { PASSING_CAP } from './analyzer/roles';
export { idf, MAX_TAGS, tagKey } from './analyzer/tags';
export { htmlToText } from './analyzer/text';

/** The gazetteer's entry spelled exactly as `name` (folded), with every place it may stand for. */
export function gazetteerEntry(name: string): NameEntry | undefined {
  const words = nameWords(name);
  if (!words.length) return undefined;
  const key = words.join(' ');
  return gazetteer().byFirst.get(words[0]!)?.find((entry) => entry.key === key);
}
