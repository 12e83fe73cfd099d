// An edition: the master's subject and introduction with the articles it features (chosen, or the
// week's most read), resolved once when asked for, and rendered for one recipient with links signed
// for them. The preview, the test copy and each subscriber's copy are the same rendering.
import { randomBytes } from 'node:crypto';
import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES as MESSAGES, type Edition } from '../../shared/newsletter';
import { editionArticles, mostReadEditionArticles } from '../articles/public';
import { env } from '../platform/env';
import { badRequest } from '../platform/errors';
import { articleUrl, linksWith, recipientTokens, signer, type RecipientTokens, type Signer } from './links';
import { editionMail, type EditionContent, type RenderedMail } from './templates';
import type { MailHeader } from '../mail/public';

/** The articles of an edition as they will be sent; 400 when a chosen one is not published, or the week has none. */
export async function resolveEdition(input: Edition): Promise<EditionContent> {
  if (input.pick === 'most_read') {
    const articles = await mostReadEditionArticles(NEWSLETTER_LIMITS.mostReadCount, NEWSLETTER_LIMITS.mostReadDays);
    if (!articles.length) throw badRequest(MESSAGES.noMostRead, 'pick');
    return { subject: input.subject, intro: input.intro, articles };
  }
  const wanted = [...new Set(input.article_ids)];
  const articles = await editionArticles(wanted);
  if (articles.length !== wanted.length) throw badRequest(MESSAGES.articleNotFound, 'article_ids');
  return { subject: input.subject, intro: input.intro, articles };
}

export interface RecipientMail extends RenderedMail {
  headers: MailHeader[];
}

/**
 * The copies of an edition for one send. Rendering is what costs (milliseconds a copy), signing does
 * not: the edition is rendered once with a placeholder for each of a recipient's tokens, and each
 * copy is that rendering with the recipient's tokens put in their places (a mail merge). Tokens and
 * placeholders are both base64url-safe, so HTML and text escape them alike.
 */
export async function editionCopies(edition: EditionContent, sendId: string, signedBy: Signer = signer()): Promise<(subscriberId: string) => RecipientMail> {
  const mailFrom = env('MAIL_FROM');
  const clicked: string[] = [];
  // Random, so no text of the edition can pass for a placeholder.
  const mark = `nl${randomBytes(8).toString('hex')}`;
  const placeholders: RecipientTokens = {
    unsubscribe: `${mark}-unsubscribe`,
    open: `${mark}-open`,
    click: (url) => `${mark}-click-${clicked.push(url) - 1}`,
  };
  const placeholder = new RegExp(`${mark}-(unsubscribe|open|click)(?:-(\\d+))?`, 'g');
  const template = await editionMail(edition, linksWith(signedBy.siteUrl, mailFrom, placeholders), signedBy.siteUrl, (article) =>
    articleUrl(signedBy.siteUrl, article.slug),
  );
  return (subscriberId) => {
    const tokens = recipientTokens(signedBy.key, sendId, subscriberId);
    const fill = (text: string) =>
      text.replace(placeholder, (_, kind: 'unsubscribe' | 'open' | 'click', index?: string) =>
        kind === 'click' ? tokens.click(clicked[Number(index)]!) : tokens[kind],
      );
    return { subject: template.subject, html: fill(template.html), text: fill(template.text), headers: linksWith(signedBy.siteUrl, mailFrom, tokens).headers };
  };
}

/** One recipient's copy (the preview's and the test's), through the same merge as a send's. */
export async function renderFor(edition: EditionContent, sendId: string, subscriberId: string, signedBy: Signer = signer()): Promise<RecipientMail> {
  return (await editionCopies(edition, sendId, signedBy))(subscriberId);
}

/**
 * The preview's and the test copy's placeholders: links signed for a send and a subscriber that do
 * not exist, so following them counts nothing (and unsubscribes nobody).
 */
export const PREVIEW_IDS = { send: 'previa', subscriber: 'previa' } as const;
