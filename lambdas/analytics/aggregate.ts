// The worker's batch: beacons grouped by address (source) and day, then by visitor, applied to each
// visitor's day and to the source's day, written in one conditional transaction per source (what
// makes a redelivered beacon count once, and the source's caps hold across batches), then the
// batch's counts added to each scope's day in one write per scope. Staff views (and the ads on their
// pages) and bots' are left out, tallied with what the caps discarded on the site's day.
import { articleHeadline } from '../articles/public';
import { logger } from '../platform/observability';
import type { BeaconMessage } from './ingest';
import { DISCARD_REASONS, noDiscards, scopeKey, type Discards, type SourceDay, type VisitorDay } from './items';
import { applyHits, mergeDeltas, type Deltas, type Hit } from './rollup';
import * as store from './store';

// Batches of the same address race on its day: each lost race is another batch's progress, so a
// dozen tries with growing pauses see five concurrent batches through.
const MAX_ATTEMPTS = 12;
/** Visitor days written with their source's in one transaction (DynamoDB takes 100 items). */
const TRANSACTION_VISITORS = 99;
// Authors of articles, for a few minutes: an account's deletion moves its articles to the anonymous
// author, and a container must not go on writing counters under the deleted id.
const AUTHOR_CACHE_MS = 5 * 60_000;
const authors = new Map<string, { authorId: string | null; until: number }>();

async function authorOf(articleId: string): Promise<string | undefined> {
  const cached = authors.get(articleId);
  if (cached && cached.until > Date.now()) return cached.authorId ?? undefined;
  const authorId = (await articleHeadline(articleId))?.author_id ?? null;
  authors.set(articleId, { authorId, until: Date.now() + AUTHOR_CACHE_MS });
  return authorId ?? undefined;
}

/** The scope keys of a beacon's page: the site, and its article and author when it is a known article's. */
export async function scopesOf(message: Pick<BeaconMessage, 'article_id'>): Promise<string[]> {
  const authorId = message.article_id ? await authorOf(message.article_id) : undefined;
  if (!message.article_id || !authorId) return ['site'];
  return ['site', scopeKey({ kind: 'article', articleId: message.article_id, authorId }), scopeKey({ kind: 'author', authorId })];
}

/** A source's visitors in a batch, each with their hits (at most TRANSACTION_VISITORS of them). */
interface SourceBatch {
  day: string;
  source: string;
  visitors: Map<string, Hit[]>;
}

interface Folded {
  deltas: Deltas[];
  discards: Discards;
  /** The source's day as written (or as read, when nothing was). */
  source: SourceDay;
}

/**
 * Applies a source's visitors' hits to their days and the source's day, one after another, and writes
 * them all in one transaction; after a lost race (another batch wrote one of them), reads them again
 * and starts over, after a random pause that grows with each try.
 */
async function applySource(batch: SourceBatch, loaded: { visitors: Map<string, VisitorDay>; source: SourceDay }): Promise<Folded> {
  let before = loaded;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let source = before.source;
    const folded: Folded = { deltas: [], discards: noDiscards(), source: before.source };
    const writes: { visitor: string; state: VisitorDay }[] = [];
    for (const [visitor, hits] of batch.visitors) {
      const day = before.visitors.get(visitor)!;
      const applied = applyHits(day, hits, source, visitor);
      source = applied.source;
      folded.deltas.push(applied.deltas);
      for (const reason of DISCARD_REASONS) folded.discards[reason] += applied.discards[reason];
      if (applied.changed) writes.push({ visitor, state: { ...applied.after, rev: day.rev } });
    }
    if (!writes.length) return folded;
    if (await store.saveDays(batch.day, writes, batch.source, { ...source, rev: before.source.rev })) return { ...folded, source: { ...source, rev: before.source.rev + 1 } };
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 25 * 2 ** attempt)));
    before = await store.reloadDays(batch.day, [...batch.visitors.keys()], batch.source);
  }
  throw new Error(`an address's day kept changing under the worker (${MAX_ATTEMPTS} attempts)`);
}

/** A batch's beacons by source and day, then by visitor; a source with many visitors in several parts. */
async function bySource(messages: readonly BeaconMessage[]): Promise<SourceBatch[]> {
  const sources = new Map<string, SourceBatch>();
  for (const message of messages) {
    const id = `${message.day}#${message.source}`;
    const batch = sources.get(id) ?? { day: message.day, source: message.source, visitors: new Map<string, Hit[]>() };
    // A bot's page is not looked up: it is only tallied.
    const scopes = message.bot ? ['site'] : await scopesOf(message);
    const drop = message.bot ? 'bots' : message.staff ? 'staff' : undefined;
    const hits = batch.visitors.get(message.visitor) ?? [];
    hits.push({ kind: message.kind, slot: message.slot, pageViewId: message.page_view_id, at: message.at, scopes, seconds: message.seconds_on_page, ...(drop ? { drop } : {}) });
    batch.visitors.set(message.visitor, hits);
    sources.set(id, batch);
  }
  return [...sources.values()].flatMap((batch) => {
    const visitors = [...batch.visitors];
    const parts: SourceBatch[] = [];
    for (let start = 0; start < visitors.length; start += TRANSACTION_VISITORS) parts.push({ ...batch, visitors: new Map(visitors.slice(start, start + TRANSACTION_VISITORS)) });
    return parts;
  });
}

/** Folds a batch of beacons into the rollups, and tallies what it discarded. */
export async function aggregate(messages: readonly BeaconMessage[]): Promise<void> {
  const batches = await bySource(messages);
  if (!batches.length) return;
  const loaded = await store.loadDays(
    batches.flatMap(({ day, visitors }) => [...visitors.keys()].map((visitor) => ({ day, visitor }))),
    batches,
  );
  const byDay = new Map<string, Omit<Folded, 'source'>>();
  for (const batch of batches) {
    const sourceId = `${batch.day}#${batch.source}`;
    const visitors = new Map([...batch.visitors.keys()].map((visitor) => [visitor, loaded.visitors.get(`${batch.day}#${visitor}`)!]));
    const folded = await applySource(batch, { visitors, source: loaded.sources.get(sourceId)! });
    // The next part of the same source starts from what this one wrote.
    loaded.sources.set(sourceId, folded.source);
    const day = byDay.get(batch.day) ?? { deltas: [], discards: noDiscards() };
    day.deltas.push(...folded.deltas);
    for (const reason of DISCARD_REASONS) day.discards[reason] += folded.discards[reason];
    byDay.set(batch.day, day);
  }
  // Counters are per (scope, day): beacons of a batch may straddle midnight.
  for (const [day, { deltas, discards }] of byDay) {
    const merged = mergeDeltas(deltas);
    const writes = [...merged].map(([scope, counts]) => store.addCounts(scope, day, counts));
    if (DISCARD_REASONS.some((reason) => discards[reason] > 0)) writes.push(store.addDiscards(day, discards));
    await Promise.all(writes);
  }
  logger.info('analytics batch', { beacons: messages.length, sources: batches.length, discarded: [...byDay.values()].map(({ discards }) => discards) });
}
