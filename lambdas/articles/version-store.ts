// The history of an article: one version item per save, written in the save's own transaction
// (article-store.ts) and read by the versions screen and restores.
import type { Item, Key } from '../platform/dynamo';
import { getItem, queryAll } from '../platform/dynamo';
import { articlePk, type ArticleRecord } from './article';

export interface VersionRecord {
  version_number: number;
  title: string;
  summary: string;
  content: string;
  changed_by: string;
  created_at: string;
}
export type VersionSummaryRecord = Omit<VersionRecord, 'content'>;

const VERSION_PREFIX = 'VERSION#';
const SUMMARY_FIELDS = ['version_number', 'title', 'summary', 'changed_by', 'created_at'] as const;

export const versionEntity = {
  key: (articleId: string, version: number): Key => ({ pk: articlePk(articleId), sk: `${VERSION_PREFIX}${String(version).padStart(6, '0')}` }),
  /** The version a save of `article` by `changedBy` makes. */
  of: (article: ArticleRecord, changedBy: string): VersionRecord => ({
    version_number: article.version,
    title: article.title,
    summary: article.summary,
    content: article.content,
    changed_by: changedBy,
    created_at: article.updated_at,
  }),
  toItem: (articleId: string, version: VersionRecord): Item => ({
    ...versionEntity.key(articleId, version.version_number),
    entity: 'article_version',
    article_id: articleId,
    ...version,
  }),
  fromItem: (item: Item): VersionRecord => ({ ...versionEntity.summaryFrom(item), content: String(item.content) }),
  summaryFrom: (item: Item): VersionSummaryRecord => ({
    version_number: Number(item.version_number),
    title: String(item.title),
    summary: String(item.summary),
    changed_by: String(item.changed_by),
    created_at: String(item.created_at),
  }),
};

/** An article's versions without their bodies, newest first. */
export async function listVersions(articleId: string): Promise<VersionSummaryRecord[]> {
  const items = await queryAll({ partition: articlePk(articleId), sortPrefix: VERSION_PREFIX, descending: true, fields: SUMMARY_FIELDS });
  return items.map(versionEntity.summaryFrom);
}

export async function getVersion(articleId: string, version: number): Promise<VersionRecord | undefined> {
  const item = await getItem(versionEntity.key(articleId, version));
  return item && versionEntity.fromItem(item);
}
