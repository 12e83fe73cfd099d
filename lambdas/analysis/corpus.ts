// The corpus statistics the analyzer weighs tags with: per stem, how many published articles use it.
// Stored as a few compressed shards (a stem's shard is a hash of it) that one BatchGet reads, kept
// per container for a minute; each article's counted stems are kept beside it (`ANALYSIS#<id>` /
// `CORPUS`, with the article version they came from), so a new version subtracts the old set and a
// repeated event changes nothing. corpus-worker.ts keeps them in step with the published articles.
import { gunzipSync, gzipSync } from 'node:zlib';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { tableName, type Item, type Key } from '../platform/dynamo';
import type { CorpusStats } from './analyzer';

export const SHARDS = 4;
const MAX_SHARD_BYTES = 350_000;

export const shardEntity = {
  key: (shard: number): Key => ({ pk: 'CORPUS', sk: `SHARD#${shard}` }),
  toItem: (shard: CorpusShard): Item => ({
    ...shardEntity.key(shard.shard),
    entity: 'corpus_shard',
    rev: shard.rev,
    documents: shard.documents,
    data: gzipSync(JSON.stringify(Object.fromEntries(shard.counts))),
  }),
};

/** The stems an article counts with, and the version they came from (a deleted article keeps a tombstone). */
export interface CorpusDocument {
  article_id: string;
  version: number;
  stems: string[];
}

export const documentEntity = {
  key: (articleId: string): Key => ({ pk: `ANALYSIS#${articleId}`, sk: 'CORPUS' }),
  toItem: (doc: CorpusDocument): Item => ({ ...documentEntity.key(doc.article_id), entity: 'corpus_document', ...doc }),
  fromItem: (item: Item): CorpusDocument => ({
    article_id: String(item.article_id),
    version: Number(item.version),
    stems: (item.stems as string[] | undefined) ?? [],
  }),
};

export interface CorpusShard {
  shard: number;
  /** 0 for a shard not written yet: it is created with attribute_not_exists. */
  rev: number;
  /** Counted articles: kept on shard 0 only. */
  documents: number;
  counts: Map<string, number>;
}

/** FNV-1a of the stem, modulo SHARDS. */
export function shardOf(stem: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < stem.length; index++) hash = Math.imul(hash ^ stem.charCodeAt(index), 0x01000193) >>> 0;
  return hash % SHARDS;
}

function shardFromItem(shard: number, item: Item | undefined): CorpusShard {
  if (!item) return { shard, rev: 0, documents: 0, counts: new Map() };
  const data = item.data as Uint8Array | undefined;
  const counts = data ? (JSON.parse(gunzipSync(data).toString('utf8')) as Record<string, number>) : {};
  return { shard, rev: Number(item.rev ?? 0), documents: Number(item.documents ?? 0), counts: new Map(Object.entries(counts)) };
}

/** Items by key, in one BatchGet (consistent when asked). */
export async function readItems(keys: Key[], consistent = false): Promise<Map<string, Item>> {
  const table = tableName();
  const found = new Map<string, Item>();
  let pending: Key[] = keys;
  for (let attempt = 0; pending.length && attempt < 6; attempt++) {
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: consistent } } }));
    for (const item of result.Responses?.[table] ?? []) found.set(`${String(item.pk)}|${String(item.sk)}`, item);
    pending = (result.UnprocessedKeys?.[table]?.Keys as Key[] | undefined) ?? [];
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
  }
  if (pending.length) throw new Error(`BatchGet: ${pending.length} key(s) still unprocessed`);
  return found;
}

export const keyId = (key: Key) => `${key.pk}|${key.sk}`;

/** Every shard, as stored. */
export async function readShards(consistent = false): Promise<CorpusShard[]> {
  const keys = Array.from({ length: SHARDS }, (_, shard) => shardEntity.key(shard));
  const items = await readItems(keys, consistent);
  return keys.map((key, shard) => shardFromItem(shard, items.get(keyId(key))));
}

/** The shards with `delta` added (per stem, and to the documents), and those that changed. */
export function applyDelta(shards: readonly CorpusShard[], delta: Map<string, number>, documents: number): CorpusShard[] {
  const changed = new Set<number>(documents ? [0] : []);
  const next = shards.map((shard) => ({ ...shard, counts: new Map(shard.counts) }));
  for (const [stem, change] of delta) {
    if (!change) continue;
    const shard = next[shardOf(stem)]!;
    const count = (shard.counts.get(stem) ?? 0) + change;
    if (count > 0) shard.counts.set(stem, count);
    else shard.counts.delete(stem);
    changed.add(shard.shard);
  }
  next[0]!.documents = Math.max(0, next[0]!.documents + documents);
  return next.filter((shard) => changed.has(shard.shard));
}

/** The item of a shard, refused when it would not fit in DynamoDB's item limit. */
export function shardItem(shard: CorpusShard): Item {
  const item = shardEntity.toItem({ ...shard, rev: shard.rev + 1 });
  if ((item.data as Buffer).length > MAX_SHARD_BYTES) throw new Error(`corpus shard ${shard.shard} is too large; raise SHARDS`);
  return item;
}

const CORPUS_TTL_MS = 60_000;
let cached: { stats: Promise<CorpusStats>; at: number } | undefined;

async function readCorpus(): Promise<CorpusStats> {
  const shards = await readShards();
  return { documents: shards[0]!.documents, frequency: (stem) => shards[shardOf(stem)]!.counts.get(stem) ?? 0 };
}

/** The corpus statistics, read at most once a minute per container (one BatchGet of the shards). */
export function corpusStats(now = Date.now()): Promise<CorpusStats> {
  if (!cached || now - cached.at > CORPUS_TTL_MS) {
    const stats = readCorpus();
    cached = { stats, at: now };
    stats.catch(() => {
      if (cached?.stats === stats) cached = undefined;
    });
  }
  return cached.stats;
}
