// The addresses the newsletter's e-mails carry, each with its signed token: the confirmation page, the
// unsubscribe page and its one-click POST (RFC 8058) with a mailto beside it, the open pixel, and
// tracked links that lead only to the portal's own pages (never an open redirect).
import type { MailHeader } from '../mail/public';
import { env } from '../platform/env';
import { signingKey, signToken } from './tokens';

const trimmed = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** An article's address as an edition links it: the short /article/<slug>, tagged as the newsletter's. */
export const articleUrl = (siteUrl: string, slug: string) => `${trimmed(siteUrl)}/article/${encodeURIComponent(slug)}?utm_source=newsletter`;

/** The unsubscribe mailbox: descadastro@ the sender's domain ('Portal <nao-responda@portal.com.br>'). */
export function unsubscribeMailbox(mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `descadastro@${domain}`;
}

export interface Signer {
  key: string;
  siteUrl: string;
}

/** The key and site the links are signed with (the handler's withSecret loaded the key). */
export const signer = (): Signer => ({ key: signingKey(), siteUrl: env('SITE_URL') });

export const confirmUrl = ({ key, siteUrl }: Signer, subscriberId: string, requestedAtMs: number) =>
  `${trimmed(siteUrl)}/newsletter/confirmar?token=${signToken(key, { k: 'confirm', s: subscriberId, t: requestedAtMs })}`;

/** The links of one recipient's copy of an edition. */
export interface RecipientLinks {
  /** The footer's link: a pt-BR page that confirms in one click. */
  unsubscribePage: string;
  /** The pixel counting the open. */
  openPixel: string;
  /** A tracked link to one of the portal's addresses. */
  click: (url: string) => string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058). */
  headers: MailHeader[];
}

/** The signed tokens of one recipient's copy: the unsubscribe link's, the pixel's, and a click's on an address. */
export interface RecipientTokens {
  unsubscribe: string;
  open: string;
  click: (url: string) => string;
}

export const recipientTokens = (key: string, sendId: string, subscriberId: string): RecipientTokens => ({
  unsubscribe: signToken(key, { k: 'unsubscribe', s: subscriberId }),
  open: signToken(key, { k: 'open', d: sendId, s: subscriberId }),
  click: (url) => signToken(key, { k: 'click', d: sendId, s: subscriberId }, url),
});

/** The links carrying these tokens. */
export function linksWith(siteUrl: string, mailFrom: string, tokens: RecipientTokens): RecipientLinks {
  const base = trimmed(siteUrl);
  return {
    unsubscribePage: `${base}/newsletter/cancelar?token=${tokens.unsubscribe}`,
    openPixel: `${base}/api/newsletter/open/${tokens.open}`,
    click: (url) => `${base}/api/newsletter/click?token=${tokens.click(url)}&url=${encodeURIComponent(url)}`,
    headers: [
      {
        name: 'List-Unsubscribe',
        value: `<${base}/api/newsletter/unsubscribe?token=${tokens.unsubscribe}>, <mailto:${unsubscribeMailbox(mailFrom)}?subject=descadastro-${tokens.unsubscribe}>`,
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}

export const recipientLinks = ({ key, siteUrl }: Signer, mailFrom: string, sendId: string, subscriberId: string): RecipientLinks =>
  linksWith(siteUrl, mailFrom, recipientTokens(key, sendId, subscriberId));
