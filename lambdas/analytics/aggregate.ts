// The worker's batch: beacons grouped by visitor and day, applied to each visitor's day (whose
// conditional write is what makes a redelivered beacon count once), then the batch's counts added
// to each scope's day in one write per scope. Staff views (and the ads on their pages) are left out.
import { articleHeadline } from '../articles/public';
import { logger } from '../platform/observability';
import type { BeaconMessage } from './ingest';
import { scopeKey, type VisitorDay } from './items';
import { applyHits, mergeDeltas, type Deltas, type Hit } from './rollup';
import * as store from './store';

const MAX_ATTEMPTS = 5;
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

/** Applies one visitor's hits to their day, re-reading it after a lost race; the counts it adds. */
async function applyVisitor(day: string, visitor: string, hits: Hit[], loaded: VisitorDay): Promise<Deltas> {
  let before = loaded;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { after, deltas } = applyHits(before, hits);
    if (after.views.length === before.views.length && after.exits.length === before.exits.length && after.ads.length === before.ads.length) return new Map();
    if (await store.saveVisitorDay(day, visitor, { ...after, rev: before.rev })) return deltas;
    before = await store.reloadVisitorDay(day, visitor);
  }
  throw new Error(`visitor day kept changing under the worker (${MAX_ATTEMPTS} attempts)`);
}

/** Folds a batch of beacons into the rollups. */
export async function aggregate(messages: readonly BeaconMessage[]): Promise<void> {
  const counted = messages.filter((message) => !message.staff);
  const groups = new Map<string, { day: string; visitor: string; hits: Hit[] }>();
  for (const message of counted) {
    const id = `${message.day}#${message.visitor}`;
    const group = groups.get(id) ?? { day: message.day, visitor: message.visitor, hits: [] };
    group.hits.push({ kind: message.kind, slot: message.slot, pageViewId: message.page_view_id, at: message.at, scopes: await scopesOf(message), seconds: message.seconds_on_page });
    groups.set(id, group);
  }
  if (!groups.size) return;
  const days = await store.loadVisitorDays([...groups.values()]);
  const deltas: Deltas[] = [];
  for (const [id, group] of groups) deltas.push(await applyVisitor(group.day, group.visitor, group.hits, days.get(id)!));
  // Counters are per (scope, day): beacons of a batch may straddle midnight.
  const byDay = new Map<string, Deltas[]>();
  for (const [index, group] of [...groups.values()].entries()) byDay.set(group.day, [...(byDay.get(group.day) ?? []), deltas[index]!]);
  for (const [day, dayDeltas] of byDay) {
    const merged = mergeDeltas(dayDeltas);
    await Promise.all([...merged].map(([scope, counts]) => store.addCounts(scope, day, counts)));
  }
  logger.info('analytics batch', { beacons: messages.length, staff: messages.length - counted.length, visitors: groups.size });
}
