// An article's history for its editors: the list of versions and restoring one as a new version.
import type { ArticleDraft, ArticleVersionSummary } from '../../shared/api-types';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { batchRead } from '../platform/dynamo-batch';
import { notFound } from '../platform/errors';
import { apply, editable } from './authoring';
import { authorsOf } from './people';
import * as store from './version-store';

export async function listVersions(userId: string, id: string): Promise<ArticleVersionSummary[]> {
  const { article } = await editable(userId, id);
  const versions = await store.listVersions(article.id);
  const { author } = await batchRead({ author: authorsOf(versions.map((version) => version.changed_by)) });
  return versions.map((version) => ({
    version_number: version.version_number,
    title: version.title,
    summary: version.summary,
    changed_by: author(version.changed_by),
    created_at: version.created_at,
  }));
}

/** Restoring copies a version's title, summary and body into a new version; status and slug stay. */
export async function restoreVersion(userId: string, id: string, versionParam: string, { base_version }: { base_version?: number }): Promise<ArticleDraft> {
  const number = Number(versionParam);
  if (!Number.isInteger(number) || number < 1) throw notFound(ARTICLE_MESSAGES.versionNotFound);
  const loaded = await editable(userId, id);
  const version = await store.getVersion(loaded.article.id, number);
  if (!version) throw notFound(ARTICLE_MESSAGES.versionNotFound);
  return apply(userId, loaded, {
    changes: { title: version.title, summary: version.summary, content: version.content },
    baseVersion: base_version ?? loaded.article.version,
  });
}
