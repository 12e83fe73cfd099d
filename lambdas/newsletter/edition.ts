// An edition: the master's subject and introduction with the articles it features (chosen, or the
// week's most read), resolved once when asked for, and rendered for one recipient with links signed
// for them. The preview, the test copy and each subscriber's copy are the same rendering.
import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES as MESSAGES, type Edition } from '../../shared/newsletter';
import { editionArticles, mostReadEditionArticles } from '../articles/public';
import { env } from '../platform/env';
import { badRequest } from '../platform/errors';
import { articleUrl, recipientLinks, signer, type Signer } from './links';
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

/** One recipient's copy: their unsubscribe link and headers, their pixel, their tracked links. */
export async function renderFor(edition: EditionContent, sendId: string, subscriberId: string, signedBy: Signer = signer()): Promise<RecipientMail> {
  const links = recipientLinks(signedBy, env('MAIL_FROM'), sendId, subscriberId);
  const mail = await editionMail(edition, links, signedBy.siteUrl, (article) => articleUrl(signedBy.siteUrl, article.slug));
  return { ...mail, headers: links.headers };
}

/**
 * The preview's and the test copy's placeholders: links signed for a send and a subscriber that do
 * not exist, so following them counts nothing (and unsubscribes nobody).
 */
export const PREVIEW_IDS = { send: 'previa', subscriber: 'previa' } as const;
