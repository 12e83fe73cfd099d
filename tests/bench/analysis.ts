// Quality and speed of the article analyzer on the labelled set (tests/fixtures/analysis). Each
// article is analyzed against a corpus of the other articles (leave-one-out), as the newsroom's
// corpus never holds the article being written. Figures count what the AI panel preselects
// (confidence or relevance >= 0.7) against the places each article is about (those it only mentions
// left out); the "_all" figures count every suggestion shown against every place it names.
// `npx tsx tests/bench/analysis.ts` prints them; `npm run bench` includes them.
// placeQuality measures the place set (tests/fixtures/analysis/places.ts: subject against places only
// mentioned) as the panel preselects cities, on the offline path and through the Comprehend adapter.
import { pathToFileURL } from 'node:url';
import { DetectEntitiesCommand, type Entity } from '@aws-sdk/client-comprehend';
import { comprehendAnalyzer, type ComprehendLike } from '../../lambdas/analysis/comprehend';
import { analyzeArticle, corpusOf, documentStems, EMPTY_CORPUS, gazetteer, NO_LEARNING, tagKey } from '../../lambdas/analysis/analyzer/index';
import { detectPlaces } from '../../lambdas/analysis/analyzer/places';
import { tokenizeArticle } from '../../lambdas/analysis/analyzer/text';
import { ANALYSIS_LIMITS } from '../../shared/analysis';
import type { AnalysisResult } from '../../shared/api-types';
import { LABELLED, type LabelledArticle } from '../fixtures/analysis/labelled';
import { PLACES, type PlaceArticle } from '../fixtures/analysis/places';

const PRESELECT = 0.7;
const TIMING_RUNS = 5;

const ratio = (hits: number, total: number) => (total ? Math.round((hits / total) * 1000) / 1000 : null);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Miss {
  id: string;
  missing: string[];
  unexpected: string[];
  primary?: { expected: string | null; got: string | null };
  rejected_tags: string[];
}

/** Runs the labelled set; pure computation, no runtime needed. */
export async function analysisQuality(articles: readonly LabelledArticle[] = LABELLED) {
  const started = performance.now();
  gazetteer();
  const gazetteerMs = performance.now() - started;
  const stems = articles.map((article) => documentStems(article));
  const counts = { tp: 0, suggested: 0, expected: 0, found: 0, tpAll: 0, suggestedAll: 0, named: 0 };
  const primary = { predicted: 0, right: 0, agree: 0 };
  const tags = { preselected: 0, accepted: 0 };
  const times: number[] = [];
  const misses: Miss[] = [];

  articles.forEach((article, index) => {
    const corpus = corpusOf(stems.filter((_, other) => other !== index));
    let result = analyzeArticle(article, corpus);
    const runs: number[] = [];
    for (let run = 0; run < TIMING_RUNS; run++) {
      const t0 = performance.now();
      result = analyzeArticle(article, corpus);
      runs.push(performance.now() - t0);
    }
    times.push(percentile(runs, 50));

    // Preselected places are measured against what the article is about (its places but those only
    // mentioned); the suggestion list against every place it names.
    const named = new Set(article.locations);
    const expected = new Set(article.locations.filter((code) => !article.mentioned?.includes(code)));
    const preselected = result.locations.filter((location) => location.confidence >= PRESELECT).map((location) => location.code);
    counts.suggested += preselected.length;
    counts.tp += preselected.filter((code) => expected.has(code)).length;
    counts.expected += expected.size;
    counts.found += [...expected].filter((code) => preselected.includes(code)).length;
    counts.suggestedAll += result.locations.length;
    counts.tpAll += result.locations.filter((location) => named.has(location.code)).length;
    counts.named += named.size;

    const got = result.primaryLocation?.code ?? null;
    if (got) primary.predicted++;
    if (got && got === article.primary) primary.right++;
    if (got === article.primary) primary.agree++;

    const acceptable = new Set(article.tags.map(tagKey));
    const chosen = result.tags.filter((tag) => tag.relevance >= PRESELECT);
    const rejected = chosen.filter((tag) => !acceptable.has(tagKey(tag.tag))).map((tag) => tag.tag);
    tags.preselected += chosen.length;
    tags.accepted += chosen.length - rejected.length;

    const missing = [...expected].filter((code) => !preselected.includes(code));
    const unexpected = result.locations.filter((l) => !named.has(l.code)).map((l) => `${l.name}/${l.state_code} ${l.confidence}`);
    if (missing.length || unexpected.length || got !== article.primary || rejected.length) {
      misses.push({ id: article.id, missing, unexpected, ...(got !== article.primary ? { primary: { expected: article.primary, got } } : {}), rejected_tags: rejected });
    }
  });

  const round1 = (value: number) => Math.round(value * 10) / 10;
  return {
    articles: articles.length,
    location_precision: ratio(counts.tp, counts.suggested),
    location_recall: ratio(counts.found, counts.expected),
    location_precision_all: ratio(counts.tpAll, counts.suggestedAll),
    location_recall_all: ratio(counts.tpAll, counts.named),
    primary_precision: ratio(primary.right, primary.predicted),
    primary_accuracy: ratio(primary.agree, articles.length),
    tag_precision: ratio(tags.accepted, tags.preselected),
    tags_preselected_per_article: round1(tags.preselected / articles.length),
    ms_per_article: { median: Math.round(percentile(times, 50) * 100) / 100, p90: Math.round(percentile(times, 90) * 100) / 100 },
    gazetteer_build_ms: round1(gazetteerMs),
    goals: { location_precision: 0.9, location_recall: 0.85, primary_precision: 0.9, ms_per_article: 50 },
    misses,
  };
}

/**
 * A stand-in for Comprehend's DetectEntities, harsher than the service: every span the gazetteer
 * spells is a LOCATION (score 0.9), namesakes included ("Rio Vermelho" the neighbourhood, "Paulista"
 * of Avenida Paulista). No key phrases: places only.
 */
export function locationEverywhere(): ComprehendLike {
  return {
    async send(command) {
      if (!(command instanceof DetectEntitiesCommand)) return { KeyPhrases: [] };
      const paragraphs = (command.input.Text ?? '').split('\n').filter(Boolean);
      const tokens = tokenizeArticle({ title: '', content: paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('') }).tokens;
      const Entities: Entity[] = detectPlaces({ tokens, titleCase: false }).mentions.map((mention) => ({
        Type: 'LOCATION',
        Score: 0.9,
        Text: tokens.slice(mention.start, mention.end).map((token) => token.surface).join(' '),
      }));
      return { Entities };
    },
  };
}

const isCity = (code: string) => code.length === 7;

/**
 * Cities the panel preselects (confidence above 0.7) against the cities each story is about:
 * precision, recall, and the cities only mentioned that were preselected. Pure computation.
 */
export async function placeQuality(
  articles: readonly PlaceArticle[] = PLACES,
  analyze: (article: PlaceArticle) => Promise<AnalysisResult> | AnalysisResult = (article) => analyzeArticle(article),
) {
  const counts = { preselected: 0, right: 0, subject: 0, found: 0, mentionedPreselected: 0, mentionedShown: 0, mentioned: 0, primaryRight: 0 };
  const misses: { id: string; missing: string[]; wrong: string[]; primary?: { expected: string | null; got: string | null } }[] = [];
  for (const article of articles) {
    const result = await analyze(article);
    const cities = result.locations.filter((location) => isCity(location.code));
    const preselected = cities.filter((location) => location.confidence > ANALYSIS_LIMITS.preselect);
    const subject = new Set(article.subject.filter(isCity));
    const mentioned = new Set(article.mentioned.filter(isCity));
    counts.preselected += preselected.length;
    counts.right += preselected.filter((location) => subject.has(location.code)).length;
    counts.subject += subject.size;
    counts.found += [...subject].filter((code) => preselected.some((location) => location.code === code)).length;
    counts.mentioned += mentioned.size;
    counts.mentionedPreselected += preselected.filter((location) => mentioned.has(location.code)).length;
    counts.mentionedShown += cities.filter((location) => mentioned.has(location.code)).length;
    const got = result.primaryLocation?.code ?? null;
    if (got === article.primary) counts.primaryRight++;
    const name = (code: string) => gazetteer().cityByCode.get(code)?.name ?? code;
    const missing = [...subject].filter((code) => !preselected.some((location) => location.code === code)).map(name);
    const wrong = preselected.filter((location) => !subject.has(location.code)).map((l) => `${l.name}/${l.state_code} ${l.confidence}`);
    if (missing.length || wrong.length || got !== article.primary) {
      misses.push({ id: article.id, missing, wrong, ...(got !== article.primary ? { primary: { expected: article.primary, got } } : {}) });
    }
  }
  return {
    articles: articles.length,
    subject_cities: counts.subject,
    mentioned_cities: counts.mentioned,
    city_precision: ratio(counts.right, counts.preselected),
    city_recall: ratio(counts.found, counts.subject),
    /** Cities only mentioned that were preselected, over all cities only mentioned. */
    mentioned_preselected: ratio(counts.mentionedPreselected, counts.mentioned),
    /** Cities only mentioned still in the suggestion list (shown, not preselected), over all of them. */
    mentioned_shown: ratio(counts.mentionedShown, counts.mentioned),
    primary_accuracy: ratio(counts.primaryRight, articles.length),
    misses,
  };
}

/** The place set through both paths: offline, and the Comprehend adapter over locationEverywhere(). */
export async function placeQualityBothPaths(articles: readonly PlaceArticle[] = PLACES) {
  const comprehend = comprehendAnalyzer(locationEverywhere());
  return {
    offline: await placeQuality(articles),
    comprehend: await placeQuality(articles, (article) => comprehend.analyze(article, EMPTY_CORPUS, NO_LEARNING)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  Promise.all([analysisQuality(), placeQualityBothPaths()]).then(([report, places]) => console.log(JSON.stringify({ ...report, places }, null, 2)));
}
