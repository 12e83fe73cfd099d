// Opens and clicks of a send, each counted once per subscriber: the pixel always answers its GIF
// (a bad token counts nothing), and a tracked link redirects only when its token signs the send, the
// subscriber and that very address, and the address is on the portal (never an open redirect).
import { NEWSLETTER_MESSAGES as MESSAGES } from '../../shared/newsletter';
import { env } from '../platform/env';
import { badRequest } from '../platform/errors';
import { logger } from '../platform/observability';
import { isOwnSiteUrl } from '../../shared/url-rules';
import { countOnce } from './send-store';
import { signingKey, verifyToken } from './tokens';

/** A transparent 1×1 GIF. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** GET /api/newsletter/open/{token}: counts the open when the token is good; the answer is the same either way. */
export async function recordOpen(token: string): Promise<void> {
  const payload = verifyToken(signingKey(), token, 'open');
  if (!payload) return;
  try {
    await countOnce(payload.d, payload.s, 'OPEN');
  } catch (error) {
    // The image must load whatever happens to the counter.
    logger.warn('open not counted', { error });
  }
}

/** GET /api/newsletter/click: the address to redirect to, after counting the click (and the open it proves). */
export async function followClick(token: string, url: string): Promise<string> {
  const payload = verifyToken(signingKey(), token, 'click', url);
  if (!payload || !isOwnSiteUrl(url, env('SITE_URL'))) throw badRequest(MESSAGES.linkInvalid);
  try {
    await countOnce(payload.d, payload.s, 'CLICK');
    await countOnce(payload.d, payload.s, 'OPEN');
  } catch (error) {
    // The reader still gets to the article.
    logger.warn('click not counted', { error });
  }
  return url;
}
