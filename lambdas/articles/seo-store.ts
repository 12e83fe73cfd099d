// SEO results: one validation item per article version, plus the latest result as attributes of the
// article item (article.ts SEO_ATTRIBUTES), written by an Update of those attributes only, as a save
// writes only its own (so neither overwrites the other); read beside drafts and My articles.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SeoValidation } from '../../shared/api-types';
import { ddb } from '../platform/clients';
import { conditionalWrite, tableName, type Item, type Key } from '../platform/dynamo';
import type { BatchPart } from '../platform/dynamo-batch';
import { articleEntity, articlePk, SEO_ATTRIBUTES } from './article';

const LATEST_FIELDS = Object.values(SEO_ATTRIBUTES);

export const seoEntity = {
  /** The validation of one version. */
  key: (articleId: string, version: number): Key => ({ pk: articlePk(articleId), sk: `SEO#${String(version).padStart(6, '0')}` }),
  toItem: (key: Key, entity: 'seo_validation', article: SeoSubject, validation: SeoValidation): Item => ({
    ...key,
    entity,
    article_id: article.id,
    // The insert of a validation is the SeoValidated event (events.ts), which names the author.
    author_id: article.author_id,
    ...validation,
  }),
  /** The latest result as the article item's attributes (an import writes them with the article). */
  latestAttributes: (validation: SeoValidation): Item =>
    Object.fromEntries(Object.entries(SEO_ATTRIBUTES).map(([field, attribute]) => [attribute, validation[field as keyof SeoValidation]])),
  /** The latest result read from the article item, or null before the first validation. */
  latestOf: (item: Item | undefined): SeoValidation | null =>
    item && item[SEO_ATTRIBUTES.version] !== undefined
      ? {
          validation_status: item[SEO_ATTRIBUTES.validation_status] as SeoValidation['validation_status'],
          errors: (item[SEO_ATTRIBUTES.errors] as string[] | undefined) ?? [],
          warnings: (item[SEO_ATTRIBUTES.warnings] as string[] | undefined) ?? [],
          validated_at: String(item[SEO_ATTRIBUTES.validated_at]),
          version: Number(item[SEO_ATTRIBUTES.version]),
        }
      : null,
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
  const latest = seoEntity.latestAttributes(validation);
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
            // Only the SEO attributes, on an article that still exists, unless a newer result is there.
            Update: {
              TableName: tableName(),
              Key: articleEntity.key(articleId),
              UpdateExpression: `SET ${Object.keys(latest).map((_, index) => `#s${index} = :s${index}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#version) OR #version < :v)',
              ExpressionAttributeNames: { ...Object.fromEntries(Object.keys(latest).map((name, index) => [`#s${index}`, name])), '#version': SEO_ATTRIBUTES.version },
              ExpressionAttributeValues: { ...Object.fromEntries(Object.values(latest).map((value, index) => [`:s${index}`, value])), ':v': validation.version },
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
    keys: articleIds.map((id) => articleEntity.key(id)),
    fields: LATEST_FIELDS,
    read: (found) => (articleId) => seoEntity.latestOf(found(articleEntity.key(articleId))),
  };
}
