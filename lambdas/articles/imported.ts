// Articles arriving in bulk from an import (lambdas/imports): published at once, without one event,
// notification or page render each. An imported article's id is derived from its record_id, so a
// batch delivered twice, a restarted worker or the same file imported again writes the same
// articles. Each is written with plain BatchWrites (no transaction: a transaction costs twice the
// write units and serializes on the counters); the batch's slugs are claimed first, in one transaction,
// and the counters (articles per status, per tag) move once per batch, by deltas the caller applies
// exactly once (lambdas/imports/batch.ts). The items carry `bulk_session`: the change mapper
// (events.ts) publishes nothing for them, and a later save through the editor drops it.
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ArticleCreate } from '../../shared/articles';
import { ddb } from '../platform/clients';
import { nameBasedId } from '../platform/ids';
import { tableName, type Item, type Key, type TransactItem } from '../platform/dynamo';
import { batchGet, batchWrite } from '../platform/dynamo-batch';
import { articleEntity, isPublished, slugClaim, statusCounter, tagEntity, type ArticleRecord } from './article';
import { validateSeo } from '../../shared/seo-rules';
import { seoEntity } from './seo-store';
import { tagCountUpdate } from './tag-counts';
import { viewCounter } from './views';

export interface ImportedArticle {
  /** The row's record_id: the article's identity across imports. */
  recordId: string;
  authorId: string;
  fields: ArticleCreate;
  publishedAt: string;
}

/** How a batch moves the shared counters: articles per status, articles per tag. */
export interface CounterDeltas {
  statuses: Record<string, number>;
  tags: Record<string, number>;
}

export interface ImportPlan {
  puts: Item[];
  deletes: Key[];
  /** The few changes a Put would lose data in (an existing view counter's flag). */
  updates: NonNullable<TransactItem['Update']>[];
  deltas: CounterDeltas;
  /** Rows published under another slug than the file's (theirs was taken), by record_id. */
  renamed: Map<string, string>;
}

/** A UUID (its version nibble 5) from the record_id: the same row is the same article. */
export const importedArticleId = (recordId: string): string => nameBasedId('import', recordId);

const STORED_FIELDS = ['id', 'slug', 'status', 'tags', 'created_at', 'version', 'locations', 'location_path', 'ai_last_updated', 'cover_variants'] as const;

const withIdSuffix = ({ id, slug }: SlugWish) => {
  const suffix = `-${id.slice(0, 8)}`;
  return `${slug.slice(0, 200 - suffix.length)}${suffix}`;
};

interface SlugWish {
  id: string;
  slug: string;
}

/**
 * Claims the batch's slugs in one transaction (one round trip, not one per row; at most 100 items,
 * a chunk's size). A slug another article holds becomes `slug-<the id's first 8 characters>`,
 * unique by id, and the transaction goes again: a taken slug costs one more round, however many
 * rows share it. An article's own claim counts as free (a re-import).
 */
async function claimSlugs(wishes: readonly SlugWish[]): Promise<string[]> {
  const chosen = wishes.map((wish) => wish.slug);
  const suffixed = new Set<number>();
  // Two rows of the batch wanting one slug: the later takes the suffixed form at once.
  const holders = new Map<string, string>();
  wishes.forEach((wish, index) => {
    const holder = holders.get(wish.slug);
    if (holder && holder !== wish.id) {
      chosen[index] = withIdSuffix(wish);
      suffixed.add(index);
    } else holders.set(wish.slug, wish.id);
  });
  const TableName = tableName();
  for (let round = 0; wishes.length && round < 6; round += 1) {
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: wishes.map((wish, index) => ({
            Put: {
              TableName,
              Item: slugClaim.toItem({ id: wish.id, slug: chosen[index]! }),
              ConditionExpression: 'attribute_not_exists(pk) OR article_id = :id',
              ExpressionAttributeValues: { ':id': wish.id },
            },
          })),
        }),
      );
      return chosen;
    } catch (error) {
      const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw error;
      let renamed = false;
      reasons.forEach((reason, index) => {
        if (reason.Code !== 'ConditionalCheckFailed') return;
        if (suffixed.has(index)) throw new Error(`slug ${wishes[index]!.slug} and its id-suffixed form are both taken`);
        chosen[index] = withIdSuffix(wishes[index]!);
        suffixed.add(index);
        renamed = true;
      });
      // Only lost races with another batch's transaction: the same claims again, a moment later.
      if (!renamed) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round * Math.random()));
    }
  }
  if (!wishes.length) return [];
  throw new Error('the slug claims kept conflicting');
}

const bump = (counts: Record<string, number>, key: string, delta: number) => {
  counts[key] = (counts[key] ?? 0) + delta;
  if (counts[key] === 0) delete counts[key];
};

/**
 * Claims the slugs and builds the items of a batch of imported articles (the article, which carries
 * its home-feed, author-page and admin-list keys and its SEO result, and its tags), with the counter
 * deltas from what is stored. Nothing but slug claims is written yet. No view counter: the first
 * view makes it (views.ts).
 */
export async function planImport(sessionId: string, articles: readonly ImportedArticle[], now = new Date().toISOString()): Promise<ImportPlan> {
  const ids = articles.map((article) => importedArticleId(article.recordId));
  // The stored state and the slug claims at once: the claims need nothing the read finds (a chunk's
  // time is mostly round trips, one after the other).
  const [found, slugs] = await Promise.all([
    batchGet(
      ids.map((id) => articleEntity.key(id)),
      { fields: STORED_FIELDS },
    ),
    claimSlugs(articles.map((article, index) => ({ id: ids[index]!, slug: article.fields.slug }))),
  ]);
  const stored = new Map(found.map((item) => [String(item.id), item as Partial<ArticleRecord>]));
  const plan: ImportPlan = {
    puts: [],
    deletes: [],
    updates: [],
    deltas: { statuses: {}, tags: {} },
    renamed: new Map(),
  };
  articles.forEach((article, index) => {
    const id = ids[index]!;
    const slug = slugs[index]!;
    const before = stored.get(id);
    if (slug !== article.fields.slug) plan.renamed.set(article.recordId, slug);
    const record: ArticleRecord = {
      id,
      slug,
      title: article.fields.title,
      summary: article.fields.summary,
      content: article.fields.content,
      cover_image: article.fields.cover_image,
      ...(before?.cover_variants ? { cover_variants: before.cover_variants } : {}),
      visibility: article.fields.visibility,
      status: 'published',
      author_id: article.authorId,
      tags: article.fields.tags,
      // What the newsroom added since (places chosen in the AI panel) stays.
      locations: before?.locations ?? [],
      location_path: before?.location_path ?? null,
      ai_last_updated: before?.ai_last_updated ?? null,
      published_at: article.publishedAt,
      created_at: before?.created_at ?? now,
      updated_at: now,
      version: (before?.version ?? 0) + 1,
    };
    plan.puts.push(
      {
        ...articleEntity.toItem(record),
        bulk_session: sessionId,
        // The SEO pass, here rather than in a later job that would read every article back: its rules
        // are pure. Only the latest result: a validation's own item would be a SeoValidated each.
        ...seoEntity.latestAttributes({ ...validateSeo(record), version: record.version, validated_at: now }),
      },
      ...record.tags.map((tag) => tagEntity.toItem(record, tag)),
    );
    // An article imported over an unpublished one keeps its views: only the flag changes.
    if (before && !isPublished(before as ArticleRecord)) plan.updates.push(viewCounter.setPublished(id, true));
    if (before?.slug && before.slug !== slug) plan.deletes.push(slugClaim.key(before.slug));
    for (const tag of before?.tags ?? []) if (!record.tags.includes(tag)) plan.deletes.push(tagEntity.key(id, tag));
    if (before?.status !== 'published') {
      if (before?.status) bump(plan.deltas.statuses, before.status, -1);
      bump(plan.deltas.statuses, 'published', 1);
    }
    for (const tag of record.tags) if (!before?.tags?.includes(tag)) bump(plan.deltas.tags, tag, 1);
    for (const tag of before?.tags ?? []) if (!record.tags.includes(tag)) bump(plan.deltas.tags, tag, -1);
  });
  return plan;
}

/** Writes a plan's items: BatchWrites of 25, all of a chunk's (~16) at once. */
export async function writeImport(plan: ImportPlan): Promise<void> {
  await batchWrite({ puts: plan.puts, deletes: plan.deletes }, { concurrency: 16 });
  for (const update of plan.updates) await ddb().send(new UpdateCommand(update));
}

/** The counter updates of `deltas`, for the caller's transaction (each applied once with its batch). */
export function importCounterUpdates(deltas: CounterDeltas): TransactItem[] {
  const TableName = tableName();
  const updates: TransactItem[] = [];
  if (Object.keys(deltas.statuses).length)
    updates.push({
      Update: { ...statusCounter.add(deltas.statuses), TableName },
    });
  for (const [tag, delta] of Object.entries(deltas.tags)) updates.push({ Update: tagCountUpdate(tag, delta) });
  return updates;
}
