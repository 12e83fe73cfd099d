// Quality and speed of the article analyzer on the labelled set (tests/fixtures/analysis). Each
// article is analyzed against a corpus of the other articles (leave-one-out), as the newsroom's
// corpus never holds the article being written. Figures count what the AI panel preselects
// (confidence or relevance >= 0.7); the "_all" figures count every suggestion shown.
// `npx tsx tests/bench/analysis.ts` prints them; `npm run bench` includes them.
import { pathToFileURL } from 'node:url';
import { analyzeArticle, corpusOf, documentStems, gazetteer, tagKey } from '../../lambdas/analysis/analyzer/index';
import { LABELLED, type LabelledArticle } from '../fixtures/analysis/labelled';

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
  const counts = { tp: 0, suggested: 0, expected: 0, found: 0, tpAll: 0, suggestedAll: 0 };
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

    const expected = new Set(article.locations);
    const preselected = result.locations.filter((location) => location.confidence >= PRESELECT).map((location) => location.code);
    counts.suggested += preselected.length;
    counts.tp += preselected.filter((code) => expected.has(code)).length;
    counts.expected += expected.size;
    counts.found += [...expected].filter((code) => preselected.includes(code)).length;
    counts.suggestedAll += result.locations.length;
    counts.tpAll += result.locations.filter((location) => expected.has(location.code)).length;

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
    const unexpected = result.locations.filter((l) => !expected.has(l.code)).map((l) => `${l.name}/${l.state_code} ${l.confidence}`);
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  analysisQuality().then((report) => console.log(JSON.stringify(report, null, 2)));
}
