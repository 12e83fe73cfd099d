// The Amazon Comprehend analyzer (ANALYZER=comprehend): DetectKeyPhrases and DetectEntities in
// Portuguese, mapped to the offline analyzer's result. Key phrases become tags, ranked by how often
// and where they appear and how rare their words are in the newsroom's corpus, then weighed by what
// editors approved and rejected. Places come from the gazetteer (the offline analyzer's reading),
// confirmed and completed by Comprehend's LOCATION entities. An entity says a name is a place, not
// that the story is about it: a place the offline reading found only mentioned in passing stays
// below the preselection however sure Comprehend is.
import { ComprehendClient, DetectEntitiesCommand, DetectKeyPhrasesCommand, type Entity, type KeyPhrase } from '@aws-sdk/client-comprehend';
import type { AnalysisLocation, AnalysisTag } from '../../shared/api-types';
import { analyzeInDetail, documentStems, normalizeTag, type ArticleInput, type CorpusStats, type LearningStats } from './analyzer';
import { gazetteerEntry, htmlToText, idf, MAX_TAGS, PASSING_CAP, placeFactor, tagFactor, tagKey } from './analyzer-parts';
import type { Analyzer } from './engine';

/** Comprehend's limit for one synchronous call: 100 KB of UTF-8. */
const MAX_BYTES = 99_000;
const MIN_RELEVANCE = 0.2;
const MIN_ENTITY_SCORE = 0.5;
const LEADING_WORDS = /^(?:(?:o|a|os|as|um|uma|uns|umas|este|esta|estes|estas|esse|essa|esses|essas|seu|sua|seus|suas|nosso|nossa|nossos|nossas)\s+)+/u;

export interface ComprehendLike {
  send(command: DetectKeyPhrasesCommand | DetectEntitiesCommand): Promise<{ KeyPhrases?: KeyPhrase[]; Entities?: Entity[] }>;
}

/** Plain text of the article, cut to what one call accepts (never inside a character). */
export function comprehendText(input: ArticleInput): string {
  const text = [input.title, input.summary ?? '', htmlToText(input.content)].filter(Boolean).join('\n\n');
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= MAX_BYTES ? text : bytes.subarray(0, MAX_BYTES).toString('utf8').replace(/\uFFFD+$/, '');
}

const round = (value: number) => Math.round(value * 100) / 100;

interface Phrase {
  display: string;
  stems: string[];
  count: number;
  weight: number;
  score: number;
}

/** Key phrases -> tags: grouped by stems, weighed by count, title and lead, rarity and learning. */
export function phraseTags(phrases: readonly KeyPhrase[], input: ArticleInput, corpus: CorpusStats, learning: LearningStats, placeNames: ReadonlySet<string>): AnalysisTag[] {
  const title = normalizeTag(input.title);
  const summary = normalizeTag(input.summary ?? '');
  const grouped = new Map<string, Phrase>();
  for (const phrase of phrases) {
    const display = normalizeTag(phrase.Text ?? '').replace(LEADING_WORDS, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const key = tagKey(display);
    if (display.length < 3 || !key || /^[\d\s.,%]+$/.test(display) || placeNames.has(normalizeTag(display))) continue;
    const found = grouped.get(key) ?? { display, stems: key.split(' '), count: 0, weight: 0, score: 0 };
    const where = (title.includes(display) ? 2 : 0) + (summary.includes(display) ? 1 : 0) + ((phrase.BeginOffset ?? Infinity) < 400 ? 0.5 : 0);
    found.count++;
    found.weight = Math.max(found.weight, where);
    found.score = Math.max(found.score, phrase.Score ?? 0);
    grouped.set(key, found);
  }
  const stems = new Set(documentStems(input));
  const ranked = [...grouped.values()].map((phrase) => {
    const rarity = phrase.stems.reduce((sum, stem) => sum + idf(corpus, stem), 0) / phrase.stems.length;
    const raw = (phrase.count + phrase.weight) * rarity * (1 + 0.15 * (phrase.stems.length - 1)) * tagFactor(learning, phrase.display, stems);
    return { tag: phrase.display, raw, score: phrase.score };
  });
  const top = Math.max(0, ...ranked.map((entry) => entry.raw));
  const tags = ranked.map((entry) => ({ tag: entry.tag, relevance: top ? round((0.95 * entry.raw * entry.score) / top) : 0 }));
  // Custom tags the newsroom approved, when every stem of theirs is in the article.
  for (const tag of learning.vocabulary) {
    const key = tagKey(tag).split(' ').filter(Boolean);
    if (key.length && key.every((stem) => stems.has(stem)) && !tags.some((entry) => tagKey(entry.tag) === key.join(' '))) {
      tags.push({ tag, relevance: round(0.72 * tagFactor(learning, tag, stems)) });
    }
  }
  return tags
    .filter((entry) => entry.relevance >= MIN_RELEVANCE)
    .sort((a, b) => b.relevance - a.relevance || a.tag.localeCompare(b.tag))
    .slice(0, MAX_TAGS);
}

/**
 * The gazetteer's reading, confirmed by LOCATION entities (more confident) and completed by those it
 * missed; the places it found only mentioned (`passing`, IBGE codes) stay at most PASSING_CAP.
 */
export function mergeLocations(
  offline: readonly AnalysisLocation[],
  entities: readonly Entity[],
  learning: LearningStats,
  stems: ReadonlySet<string>,
  passing: ReadonlySet<string> = new Set(),
): AnalysisLocation[] {
  const byCode = new Map(offline.map((location) => [location.code, { ...location }]));
  // Only the gazetteer's places are confirmed: a name it read as no place ("no Rio Vermelho", the
  // neighbourhood) is added once, below the preselection, however often Comprehend returns it.
  const confirmable = new Set(byCode.keys());
  const states = new Set(offline.map((location) => location.state_code));
  for (const entity of entities) {
    if (entity.Type !== 'LOCATION' || (entity.Score ?? 0) < MIN_ENTITY_SCORE || !entity.Text) continue;
    const places = gazetteerEntry(entity.Text)?.places ?? [];
    const known = places.filter((place) => byCode.has(place.code));
    for (const place of known.filter((item) => confirmable.has(item.code))) {
      const location = byCode.get(place.code)!;
      const confirmed = location.confidence + (1 - location.confidence) * 0.5 * (entity.Score ?? 0);
      location.confidence = round(Math.min(passing.has(place.code) ? PASSING_CAP : 0.99, confirmed));
    }
    if (known.length) continue;
    const nearby = places.filter((place) => states.has(place.state_code));
    const [place] = nearby.length === 1 ? nearby : places.length === 1 ? places : [];
    if (!place) continue;
    const confidence = round(0.5 * (entity.Score ?? 0) * placeFactor(learning, place.code, stems));
    byCode.set(place.code, { name: place.name, state_code: place.state_code, code: place.code, location_path: place.location_path, type: place.type, confidence });
  }
  return [...byCode.values()].sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name, 'pt-BR'));
}

export function comprehendAnalyzer(client: ComprehendLike = new ComprehendClient({})): Analyzer {
  return {
    name: 'comprehend',
    async analyze(input, corpus, learning) {
      const Text = comprehendText(input);
      const [phrases, entities] = await Promise.all([
        client.send(new DetectKeyPhrasesCommand({ Text, LanguageCode: 'pt' })),
        client.send(new DetectEntitiesCommand({ Text, LanguageCode: 'pt' })),
      ]);
      const { result: offline, passing } = analyzeInDetail(input, corpus, learning);
      const locations = mergeLocations(offline.locations, entities.Entities ?? [], learning, new Set(documentStems(input)), passing);
      const placeNames = new Set(locations.map((location) => normalizeTag(location.name)));
      const tags = phraseTags(phrases.KeyPhrases ?? [], input, corpus, learning, placeNames);
      const primary = offline.primaryLocation ? locations.find((location) => location.code === offline.primaryLocation!.code) : undefined;
      const fallback = locations.find((location) => location.type === 'city' && location.confidence >= 0.6 && !passing.has(location.code));
      return { tags, locations, primaryLocation: primary ?? fallback ?? null };
    },
  };
}
