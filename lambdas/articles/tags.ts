// Tag management for editors and masters: every tag in use with its count, a tag renamed (or merged
// into one that exists) or removed across its articles. Each article changes through the normal
// save (a new version, its events, its audit entry when its status changes), at most 25 per call;
// `remaining` tells the caller to repeat for the rest.
import { ARTICLE_LIMITS, normalizeTags } from '../../shared/article-rules';
import { can } from '../../shared/roles';
import { TAG_MESSAGES, type TagChange, type TagCount } from '../../shared/tags';
import { query } from '../platform/dynamo';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { tagEntity } from './article';
import { apply, editable } from './authoring';
import { readerFor } from './people';
import { tagCounts } from './tag-counts';

const PER_CALL = 25;

async function requireEditor(userId: string): Promise<void> {
  const reader = await readerFor(userId);
  if (!can(reader.roles, 'article.edit-any')) throw forbidden(TAG_MESSAGES.forbidden);
}

export async function listTags(userId: string): Promise<TagCount[]> {
  await requireEditor(userId);
  return tagCounts();
}

/** Rewrites the tags of the articles carrying `tag`: `replace` gives an article's new list. */
async function rewrite(userId: string, tag: string, replace: (tags: string[]) => string[]): Promise<TagChange> {
  await requireEditor(userId);
  const name = normalizeTags([tag])[0];
  // A name no tag can have is not looked up: an oversized key would fail as a 500.
  if (!name || name.length > ARTICLE_LIMITS.tagMax) throw notFound(TAG_MESSAGES.notFound);
  // Both gsi1 partitions of the tag's items: the published articles' and the others' (article.ts tagEntity).
  const tagged = (
    await Promise.all(tagEntity.partitions(name).map((partition) => query({ index: 'gsi1', partition, limit: PER_CALL + 1, fields: ['article_id'] })))
  ).flat();
  for (const item of tagged.slice(0, PER_CALL)) {
    const target = await editable(userId, String(item.article_id));
    await apply(userId, target, { changes: { tags: normalizeTags(replace(target.article.tags)) }, baseVersion: target.article.version });
  }
  return { changed: Math.min(tagged.length, PER_CALL), remaining: tagged.length > PER_CALL };
}

/** POST /api/tags/{tag}/rename: to a new name, or into a tag that exists (a merge). */
export async function renameTag(userId: string, tag: string, to: string): Promise<TagChange> {
  if (normalizeTags([tag])[0] === to) throw badRequest(TAG_MESSAGES.sameName, 'to');
  const from = normalizeTags([tag])[0];
  return rewrite(userId, tag, (tags) => tags.map((each) => (each === from ? to : each)));
}

/** DELETE /api/tags/{tag}: taken off every article that has it. */
export async function removeTag(userId: string, tag: string): Promise<TagChange> {
  const name = normalizeTags([tag])[0];
  return rewrite(userId, tag, (tags) => tags.filter((each) => each !== name));
}
