// SEO results: one validation item per article version, plus the latest result in an item of its own
// (so saves of the article never overwrite it), read beside drafts and My articles.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SeoValidation } from '../../shared/api-types';
import { ddb } from '../platform/clients';
import { conditionalWrite, tableName, type Item, type Key } from '../platform/dynamo';
import type { BatchPart } from '../platform/dynamo-batch';
import { articlePk } from './article';

const SEO_FIELDS = ['validation_status', 'errors', 'warnings', 'validated_at', 'version'] as const;

export const seoEntity = {
  /** The validation of one version. */
  key: (articleId: string, version: number): Key => ({ pk: articlePk(articleId), sk: `SEO#${String(version).padStart(6, '0')}` }),
  latestKey: (articleId: string): Key => ({ pk: articlePk(articleId), sk: 'SEO' }),
  toItem: (key: Key, entity: 'seo_validation' | 'seo_latest', article: SeoSubject, validation: SeoValidation): Item => ({
    ...key,
    entity,
    article_id: article.id,
    // The insert of a validation is the SeoValidated event (events.ts), which names the author.
    author_id: article.author_id,
    ...validation,
  }),
  fromItem: (item: Item): SeoValidation => ({
    validation_status: item.validation_status as SeoValidation['validation_status'],
    errors: (item.errors as string[] | undefined) ?? [],
    warnings: (item.warnings as string[] | undefined) ?? [],
    validated_at: String(item.validated_at),
    version: Number(item.version),
  }),
};

/** The article a validation is about. */
export interface SeoSubject {
  id: string;
  author_id: string;
}

/**
 * Stores a validation once per article version, and makes it the article's latest unless a newer
 * one is there. Returns false when either was already done (a redelivered event).
 */
export async function storeSeoValidation(article: SeoSubject, validation: SeoValidation): Promise<boolean> {
  const articleId = article.id;
  return conditionalWrite(() =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: seoEntity.toItem(seoEntity.key(articleId, validation.version), 'seo_validation', article, validation),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: seoEntity.toItem(seoEntity.latestKey(articleId), 'seo_latest', article, validation),
              ConditionExpression: 'attribute_not_exists(pk) OR version < :v',
              ExpressionAttributeValues: { ':v': validation.version },
            },
          },
        ],
      }),
    ),
  );
}

/** The latest SEO results of articles, as one part of a shared BatchGet; null when none was stored. */
export function latestSeo(articleIds: string[]): BatchPart<(articleId: string) => SeoValidation | null> {
  return {
    keys: articleIds.map((id) => seoEntity.latestKey(id)),
    fields: SEO_FIELDS,
    read: (found) => (articleId) => {
      const item = found(seoEntity.latestKey(articleId));
      return item ? seoEntity.fromItem(item) : null;
    },
  };
}
