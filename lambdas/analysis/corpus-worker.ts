// The analysis-corpus worker: after article events, brings the corpus statistics in step with the
// published articles, once per batch. Each article is read as it is now (published: its stems count;
// otherwise, or gone, they do not); its stored stems say what it counted before, and their version
// makes the change happen once: shards and documents are written in one transaction, the shards
// guarded by their revision (a concurrent batch makes this one read again).
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ARTICLE_EVENTS, articleForAnalysis } from '../articles/public';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, tableName, type TransactItem } from '../platform/dynamo';
import { eventBatchWorker } from '../platform/sqs-worker';
import { documentStems } from './analyzer';
import { applyDelta, documentEntity, keyId, readItems, readShards, shardItem, type CorpusDocument } from './corpus';

/** A deleted article's tombstone version: no later event of it counts again. */
const GONE = Number.MAX_SAFE_INTEGER;
const ATTEMPTS = 5;

interface Target {
  doc: CorpusDocument;
  /** What is stored (undefined: nothing yet). */
  stored: CorpusDocument | undefined;
}

async function targetOf(articleId: string): Promise<CorpusDocument> {
  const article = await articleForAnalysis(articleId, true);
  if (!article) return { article_id: articleId, version: GONE, stems: [] };
  const stems = article.status === 'published' ? [...new Set(documentStems(article))].sort() : [];
  return { article_id: articleId, version: article.version, stems };
}

/** The articles whose counted stems must change, with what they counted before. */
async function changesFor(articleIds: readonly string[]): Promise<Target[]> {
  const [docs, stored] = await Promise.all([
    Promise.all(articleIds.map(targetOf)),
    readItems(articleIds.map((id) => documentEntity.key(id)), true),
  ]);
  return docs
    .map((doc) => {
      const item = stored.get(keyId(documentEntity.key(doc.article_id)));
      return { doc, stored: item && documentEntity.fromItem(item) };
    })
    .filter(({ doc, stored: before }) => (before ? before.version < doc.version : doc.stems.length > 0 || doc.version === GONE));
}

/** +1 for each stem an article now counts, -1 for each it counted; and the change in counted articles. */
export function deltaOf(targets: readonly Target[]): { stems: Map<string, number>; documents: number } {
  const stems = new Map<string, number>();
  let documents = 0;
  const add = (list: readonly string[], sign: number) => {
    for (const stem of list) stems.set(stem, (stems.get(stem) ?? 0) + sign);
    if (list.length) documents += sign;
  };
  for (const { doc, stored } of targets) {
    add(stored?.stems ?? [], -1);
    add(doc.stems, 1);
  }
  return { stems, documents };
}

/** One try: false when a concurrent write got there first (read everything again). */
async function trySync(articleIds: readonly string[]): Promise<boolean> {
  const targets = await changesFor(articleIds);
  if (!targets.length) return true;
  const delta = deltaOf(targets);
  const shards = applyDelta(await readShards(true), delta.stems, delta.documents);
  const TableName = tableName();
  const items: TransactItem[] = [
    ...shards.map((shard) => ({
      Put: {
        TableName,
        Item: shardItem(shard),
        ...(shard.rev ? { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': shard.rev } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    })),
    ...targets.map(({ doc, stored }) => ({
      Put: {
        TableName,
        Item: documentEntity.toItem(doc),
        ...(stored
          ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': stored.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    })),
  ];
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (cancelledItemIndex(error) !== undefined) return false;
    throw error;
  }
}

/** Brings the corpus in step with these articles as they are now; idempotent. */
export async function syncCorpus(articleIds: readonly string[]): Promise<void> {
  const unique = [...new Set(articleIds)];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await trySync(unique)) return;
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt * Math.random()));
  }
  throw new Error('corpus: too many concurrent updates; the batch will be delivered again');
}

export const handler = eventBatchWorker(
  ARTICLE_EVENTS,
  ['ArticlePublished', 'ArticleUpdated', 'ArticleStatusChanged', 'ArticleDeleted'],
  async (events) => syncCorpus(events.map((event) => event.detail.article_id)),
);
