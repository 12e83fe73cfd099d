// The mail catcher's whole messages (maildev's REST API): the HTML part and the headers as well as
// the text, for the specs that follow a link or read a header (the newsletter's List-Unsubscribe).
import type { CaughtMail } from './api';

export interface FullMail extends CaughtMail {
  html: string;
  /** Header names in lower case, as maildev keeps them. */
  headers: Record<string, string>;
}

export async function fullMailsTo(mailApiUrl: string, address: string): Promise<FullMail[]> {
  const all = (await (await fetch(`${mailApiUrl}/email`)).json()) as FullMail[];
  return all.filter((mail) => mail.to.some((to) => to.address === address));
}

/** The href of every link of an HTML part, entities decoded (&amp; in a query string, mostly). */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'"),
  );
}
