// The hash of an article's text, which ArticleSaved carries: equal hashes, same title, summary and
// body, so a consumer (the analysis context) tells a save that changed the words from one that did
// not without reading the article. No AWS SDK here: events.ts, which the CDK app imports, uses it.
import { createHash } from 'node:crypto';

/** SHA-256 (hex, first 32 characters) of the title, summary and body as stored. */
export function articleTextHash(article: { title: unknown; summary: unknown; content: unknown }): string {
  return createHash('sha256')
    .update([article.title, article.summary, article.content].map((part) => String(part ?? '')).join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}
