// Who may read what (content gating): one place for the rule, one step that cuts the premium body
// before it leaves the server.
import type { Role } from '../../shared/roles';
import { can } from '../../shared/roles';
import type { ArticleRecord } from './article';

export interface Reader {
  userId: string | undefined;
  roles: Role[];
  subscribed: boolean;
}

export const ANONYMOUS: Reader = { userId: undefined, roles: [], subscribed: false };

/** The author, editors, masters and subscribers read premium articles in full; everyone reads public ones. */
export function mayReadFull(reader: Reader, article: Pick<ArticleRecord, 'visibility' | 'author_id'>): boolean {
  if (article.visibility === 'public') return true;
  return reader.subscribed || mayEdit(reader, article);
}

/**
 * The article's author and editors (spec section 6) may edit it; they are also the only ones who see
 * it (as a preview) while it is a draft or in review.
 */
export function mayEdit(reader: Reader, article: Pick<ArticleRecord, 'author_id'>): boolean {
  return reader.userId === article.author_id || can(reader.roles, 'article.edit-any');
}

/** The lead: the first paragraph with text. Everything after it is the gated part. */
export function leadOf(html: string): string {
  for (const match of html.matchAll(/<p(?:\s[^>]*)?>[\s\S]*?<\/p>/g)) {
    if (match[0].replace(/<[^>]+>/g, '').trim()) return match[0];
  }
  return '';
}
