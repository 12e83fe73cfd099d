// The newsletter without AWS: signed tokens (forged, of another kind or address, expired), the rule
// that tracked links lead only to the portal, the pacer under SES's rate, the e-mails (a premium
// article's body never in them, the unsubscribe link and the plain text always), the subscriber's
// moves, the events its items imply, and SES's verdicts.
import { describe, expect, it } from 'vitest';
import { toEditionArticle, type EditionRecord } from '../../lambdas/articles/edition';
import { editionCopies } from '../../lambdas/newsletter/edition';
import { newsletterEvents } from '../../lambdas/newsletter/events';
import { BATCH_KEEP_DAYS, batchExpired, batchExpiry, subscriberItem, sendItem, batchItem, type SendRecord } from '../../lambdas/newsletter/items';
import { confirmed, newSubscriber, requestedAgain, suppressed, unsubscribed } from '../../lambdas/newsletter/lifecycle';
import { articleUrl, confirmUrl, recipientLinks, unsubscribeMailbox } from '../../lambdas/newsletter/links';
import { isOwnSiteUrl } from '../../shared/url-rules';
import { pacer, workerRate } from '../../lambdas/newsletter/pacer';
import { verdictsOf } from '../../lambdas/newsletter/suppression';
import { confirmationMail, editionMail } from '../../lambdas/newsletter/templates';
import { readConfirmation, signToken, verifyToken } from '../../lambdas/newsletter/tokens';
import { NEWSLETTER_CONSENT, NEWSLETTER_LIMITS } from '../../shared/newsletter';

const KEY = 'chave-de-teste-0123456789abcdef';
const SITE = 'https://portal.example.com.br';
const HOUR = 3600 * 1000;

describe('tokens', () => {
  it('verifies what it signed, of that kind only', () => {
    const token = signToken(KEY, { k: 'unsubscribe', s: 'sub-1' });
    expect(verifyToken(KEY, token, 'unsubscribe')).toEqual({ k: 'unsubscribe', s: 'sub-1' });
    expect(verifyToken(KEY, token, 'open')).toBeUndefined();
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it.each([
    ['another key', (token: string) => token, 'outra-chave'],
    ['a changed payload', (token: string) => `${Buffer.from(JSON.stringify({ k: 'unsubscribe', s: 'sub-2' })).toString('base64url')}.${token.split('.')[1]}`, KEY],
    ['a changed signature', (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`, KEY],
    ['a cut signature', (token: string) => token.slice(0, -10), KEY],
    ['no signature', (token: string) => token.split('.')[0]!, KEY],
    ['an extra part', (token: string) => `${token}.x`, KEY],
    ['garbage', () => 'não é um token', KEY],
  ])('refuses a token with %s', (_, forge, key) => {
    const token = signToken(KEY, { k: 'unsubscribe', s: 'sub-1' });
    expect(verifyToken(key, forge(token), 'unsubscribe')).toBeUndefined();
  });

  it('signs a click together with the address it leads to', () => {
    const url = `${SITE}/article/ponte?utm_source=newsletter`;
    const token = signToken(KEY, { k: 'click', d: 'send-1', s: 'sub-1' }, url);
    expect(verifyToken(KEY, token, 'click', url)).toEqual({ k: 'click', d: 'send-1', s: 'sub-1' });
    expect(verifyToken(KEY, token, 'click', 'https://golpe.example.com/')).toBeUndefined();
    expect(verifyToken(KEY, token, 'click')).toBeUndefined();
  });

  it('lets a confirmation work for confirmHours, then calls it expired', () => {
    const requested = Date.parse('2026-03-01T12:00:00Z');
    const token = signToken(KEY, { k: 'confirm', s: 'sub-1', t: requested });
    expect(readConfirmation(KEY, token, requested + HOUR)).toEqual({ subscriberId: 'sub-1', requestedAt: requested });
    expect(readConfirmation(KEY, token, requested + NEWSLETTER_LIMITS.confirmHours * HOUR)).toEqual({ subscriberId: 'sub-1', requestedAt: requested });
    expect(readConfirmation(KEY, token, requested + NEWSLETTER_LIMITS.confirmHours * HOUR + 1)).toBe('expired');
    expect(readConfirmation('outra-chave', token, requested)).toBe('invalid');
    expect(readConfirmation(KEY, signToken(KEY, { k: 'unsubscribe', s: 'sub-1' }), requested)).toBe('invalid');
  });
});

describe('tracked links', () => {
  it.each([
    [`${SITE}/article/ponte`, true],
    [`${SITE}/`, true],
    [`${SITE}/campinas-sp/ponte?utm_source=newsletter#topo`, true],
    ['https://portal.example.com.br:443/article/x', true],
    ['http://portal.example.com.br/article/x', false],
    ['https://portal.example.com.br:8443/article/x', false],
    ['https://golpe.example.com/article/x', false],
    ['https://portal.example.com.br.golpe.com/x', false],
    ['https://portal.example.com.br@golpe.com/x', false],
    ['https://usuario@portal.example.com.br/x', false],
    ['//golpe.com/x', false],
    ['/article/x', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['não é um endereço', false],
  ])('%s is the portal’s own: %s', (url, own) => {
    expect(isOwnSiteUrl(url, SITE)).toBe(own);
  });

  it('gives each recipient their unsubscribe addresses and the RFC 8058 headers', () => {
    const links = recipientLinks({ key: KEY, siteUrl: `${SITE}/` }, 'Portal Plural <nao-responda@portal.example.com.br>', 'send-1', 'sub-1');
    const [unsubscribe, post] = links.headers;
    expect(unsubscribe?.name).toBe('List-Unsubscribe');
    expect(unsubscribe?.value).toMatch(/^<https:\/\/portal\.example\.com\.br\/api\/newsletter\/unsubscribe\?token=[\w.-]+>, <mailto:descadastro@portal\.example\.com\.br\?subject=descadastro-[\w.-]+>$/);
    expect(post).toEqual({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
    const token = new URL(links.unsubscribePage).searchParams.get('token')!;
    expect(links.unsubscribePage.startsWith(`${SITE}/newsletter/cancelar?token=`)).toBe(true);
    expect(verifyToken(KEY, token, 'unsubscribe')).toEqual({ k: 'unsubscribe', s: 'sub-1' });
    const click = new URL(links.click(articleUrl(SITE, 'ponte')));
    expect(click.pathname).toBe('/api/newsletter/click');
    expect(click.searchParams.get('url')).toBe(`${SITE}/article/ponte?utm_source=newsletter`);
    expect(verifyToken(KEY, click.searchParams.get('token')!, 'click', click.searchParams.get('url')!)).toEqual({ k: 'click', d: 'send-1', s: 'sub-1' });
    expect(verifyToken(KEY, links.openPixel.split('/').pop()!, 'open')).toEqual({ k: 'open', d: 'send-1', s: 'sub-1' });
  });

  it('writes the unsubscribe mailbox at the sender’s domain', () => {
    expect(unsubscribeMailbox('Portal Plural <nao-responda@portal.local>')).toBe('descadastro@portal.local');
    expect(unsubscribeMailbox('noticias@portal.com.br')).toBe('descadastro@portal.com.br');
  });
});

describe('the pacer', () => {
  function fakeClock() {
    let now = 1_000;
    const sleeps: number[] = [];
    return {
      sleeps,
      clock: { now: () => now, sleep: async (ms: number) => void (sleeps.push(ms), (now += ms)) },
      advance: (ms: number) => void (now += ms),
    };
  }

  it('spaces sends evenly at the rate, the first at once', async () => {
    const { clock, sleeps } = fakeClock();
    const wait = pacer(4, clock);
    for (let index = 0; index < 5; index++) await wait();
    expect(sleeps).toEqual([250, 250, 250, 250]);
  });

  it('spaces sends awaiting it side by side (the e-mails in flight) as it spaces them one by one', async () => {
    const sleeps: number[] = [];
    const wait = pacer(4, { now: () => 1_000, sleep: async (ms) => void sleeps.push(ms) });
    await Promise.all([wait(), wait(), wait(), wait()]);
    expect(sleeps).toEqual([250, 500, 750]);
  });

  it('does not wait for time already spent (rendering, the send itself)', async () => {
    const { clock, sleeps, advance } = fakeClock();
    const wait = pacer(2, clock);
    await wait();
    advance(300);
    await wait();
    advance(600);
    await wait();
    expect(sleeps).toEqual([200]);
  });

  it('keeps all the batch workers together under the account’s rate', () => {
    expect(workerRate(14, 2)).toBe(7);
    expect(workerRate(1, 2)).toBe(0.5);
    expect(workerRate(Number('abc'), 2)).toBe(0.5);
    expect(workerRate(10, 0)).toBe(10);
  });
});

const record = (overrides: Partial<EditionRecord>): EditionRecord => ({
  id: '0190a1b2-0000-7000-8000-000000000001',
  slug: 'ponte-reabre',
  title: 'Ponte reabre após reforma',
  summary: 'Obras terminaram antes do prazo.',
  content: '<p>A ponte foi reaberta nesta manhã.</p><p>O trânsito volta ao normal.</p>',
  cover_image: '/media/u1/capa.png',
  visibility: 'public',
  status: 'published',
  author_id: 'autor-1',
  locations: [{ location_type: 'city', code: '4205407', location_name: 'Florianópolis', state_code: 'SC', location_path: 'florianopolis-sc', confidence: 1, is_primary: true }],
  location_path: 'florianopolis-sc',
  published_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('the e-mails', () => {
  const SECRET = 'Somente assinantes leem este trecho sobre a licitação.';
  const premium = toEditionArticle(
    record({ id: '0190a1b2-0000-7000-8000-000000000002', slug: 'licitacao', title: 'A licitação da ponte', visibility: 'premium', content: `<p>O contrato foi assinado &amp; publicado.</p><p>${SECRET}</p>` }),
    12,
  );
  const free = toEditionArticle(record({}), 3);
  const links = recipientLinks({ key: KEY, siteUrl: SITE }, 'Portal <nao-responda@portal.example.com.br>', 'send-1', 'sub-1');
  const edition = { subject: 'Resumo da semana', intro: 'Olá, leitor!\n\nAs notícias que marcaram a semana.', articles: [free, premium] };

  it('cuts a premium article to its lead on the server, as text', () => {
    expect(premium).toMatchObject({ is_premium: true, excerpt: 'O contrato foi assinado & publicado.', city: 'Florianópolis (SC)', views: 12, cover_url: '/media/u1/capa.png' });
    expect(JSON.stringify(premium)).not.toContain(SECRET);
    expect(free.excerpt).toBe('A ponte foi reaberta nesta manhã. O trânsito volta ao normal.');
    expect(toEditionArticle(record({ content: `<p>${'palavra '.repeat(100)}</p>` }), 0).excerpt.length).toBeLessThanOrEqual(321);
  });

  it('renders an edition with no premium body, the unsubscribe link, the pixel and a plain-text part', async () => {
    const mail = await editionMail(edition, links, SITE, (article) => articleUrl(SITE, article.slug));
    expect(mail.subject).toBe('Resumo da semana');
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain(SECRET);
      expect(part).toContain('As notícias que marcaram a semana.');
      expect(part).toContain('Ponte reabre após reforma');
      expect(part).toContain('Exclusivo para assinantes');
    }
    const unsubscribeHref = links.unsubscribePage.replace(/&/g, '&amp;');
    expect(mail.html).toContain(unsubscribeHref);
    expect(mail.text).toContain(links.unsubscribePage);
    expect(mail.text).toContain('Cancelar inscrição');
    expect(mail.html).toContain(links.openPixel);
    expect(mail.html).toContain(`${SITE}/media/u1/capa.png`);
    // Every article link is a tracked one, to the article's short address.
    expect(mail.html).toContain('/api/newsletter/click?token=');
    expect(mail.html).not.toMatch(/href="https:\/\/portal\.example\.com\.br\/article\//);
    expect(mail.html).toContain('lang="pt-BR"');
  });

  it("gives each subscriber of a send the copy a render of their own would give, from one render", async () => {
    process.env.MAIL_FROM = 'Portal <nao-responda@portal.example.com.br>';
    const copyFor = await editionCopies(edition, 'send-1', { key: KEY, siteUrl: SITE });
    const own = await editionMail(edition, links, SITE, (article) => articleUrl(SITE, article.slug));
    const merged = copyFor('sub-1');
    expect(merged.html).toBe(own.html);
    expect(merged.text).toBe(own.text);
    expect(merged.headers).toEqual(links.headers);
    // Another subscriber's copy carries only their own tokens.
    const other = copyFor('sub-2');
    expect(other.html).not.toContain(links.openPixel);
    expect(other.html).toContain(recipientLinks({ key: KEY, siteUrl: SITE }, process.env.MAIL_FROM, 'send-1', 'sub-2').openPixel);
  });

  it('renders the confirmation with the consent text, its button, the expiry and the way out', async () => {
    const url = confirmUrl({ key: KEY, siteUrl: SITE }, 'sub-1', Date.parse('2026-03-01T12:00:00Z'));
    expect(url.startsWith(`${SITE}/newsletter/confirmar?token=`)).toBe(true);
    const mail = await confirmationMail('leitora@exemplo.com.br', 'Ana', url);
    expect(mail.subject).toContain('Confirme');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Confirmar inscrição');
      expect(part).toContain(NEWSLETTER_CONSENT.text);
      expect(part).toContain(`${NEWSLETTER_LIMITS.confirmHours} horas`);
      expect(part).toContain('Se não foi você, ignore este e-mail');
      expect(part).toContain('leitora@exemplo.com.br');
    }
    expect(mail.text).toContain(url);
  });
});

describe('a subscriber’s moves', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const consent = { at: now.toISOString(), source: 'home' as const, source_page: '/', text_version: NEWSLETTER_CONSENT.version };
  const pending = newSubscriber({ id: 's1', email: 'a@b.com', name: null, source: 'home', status: 'pending', consent }, now);

  it('is forgotten after confirmHours while pending, and kept once confirmed', () => {
    expect(pending.expires_at).toBe(now.getTime() / 1000 + NEWSLETTER_LIMITS.confirmHours * 3600);
    const active = confirmed(pending, new Date(now.getTime() + HOUR))!;
    expect(active).toMatchObject({ status: 'active', expires_at: null, confirmed_at: '2026-03-01T13:00:00.000Z' });
    expect(confirmed(active, now)).toBeUndefined();
    expect(subscriberItem(active).expires_at).toBeUndefined();
    expect(subscriberItem(pending)).toMatchObject({ gsi2pk: 'NLSUBS#pending', expires_at: pending.expires_at });
  });

  it('sends a new confirmation to a pending or unsubscribed address, nothing to an active or suppressed one', () => {
    const later = new Date(now.getTime() + HOUR);
    expect(requestedAgain(pending, consent, null, later)?.confirm_requested_at).toBe(later.toISOString());
    const gone = unsubscribed(confirmed(pending, now)!, later)!;
    expect(gone.status).toBe('unsubscribed');
    expect(unsubscribed(gone, later)).toBeUndefined();
    expect(requestedAgain(gone, consent, null, later)?.status).toBe('pending');
    expect(requestedAgain(confirmed(pending, now)!, consent, null, later)).toBeUndefined();
    const bounced = suppressed(confirmed(pending, now)!, 'bounced', later)!;
    expect(bounced.status).toBe('bounced');
    expect(requestedAgain(bounced, consent, null, later)).toBeUndefined();
    expect(unsubscribed(bounced, later)).toBeUndefined();
  });
});

describe('the events its items imply', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const consent = { at: now.toISOString(), source: 'home' as const, source_page: '/', text_version: NEWSLETTER_CONSENT.version };
  const pending = newSubscriber({ id: 's1', email: 'a@b.com', name: null, source: 'home', status: 'pending', consent }, now);

  it('asks for a confirmation e-mail per sign-up request, never with the address', () => {
    const [event] = newsletterEvents({ eventName: 'INSERT', newImage: subscriberItem(pending) });
    expect(event).toMatchObject({ name: 'NewsletterSignupRequested', source: 'portal.newsletter', detail: { subscriber_id: 's1', requested_at: now.toISOString() } });
    expect(JSON.stringify(event)).not.toContain('a@b.com');
    const active = confirmed(pending, now)!;
    expect(newsletterEvents({ eventName: 'MODIFY', oldImage: subscriberItem(pending), newImage: subscriberItem(active) })).toEqual([]);
    const again = requestedAgain(pending, consent, null, new Date(now.getTime() + 1000))!;
    expect(newsletterEvents({ eventName: 'MODIFY', oldImage: subscriberItem(pending), newImage: subscriberItem(again) })).toHaveLength(1);
    const admin = newSubscriber({ id: 's2', email: 'c@d.com', name: null, source: 'admin', status: 'active', consent: null }, now);
    expect(newsletterEvents({ eventName: 'INSERT', newImage: subscriberItem(admin) })).toEqual([]);
  });

  it('starts a send and queues its batches from their inserts only', () => {
    const send = { id: 'd1', sent_by: 'm1', sent_at: now.toISOString(), status: 'queued', batches_done: 0, batches_total: null } as unknown as SendRecord;
    expect(newsletterEvents({ eventName: 'INSERT', newImage: sendItem(send) })[0]).toMatchObject({ name: 'NewsletterSendRequested', detail: { send_id: 'd1' } });
    expect(newsletterEvents({ eventName: 'MODIFY', oldImage: sendItem(send), newImage: sendItem(send) })).toEqual([]);
    const batch = batchItem({ send_id: 'd1', number: 3, recipients: [{ id: 's1', email: 'a@b.com' }], created_at: now.toISOString(), done_at: null, runs: 0 });
    expect(batch).toMatchObject({ pk: 'NLSEND#d1', sk: 'BATCH#000003' });
    expect(newsletterEvents({ eventName: 'INSERT', newImage: batch })[0]).toMatchObject({ name: 'NewsletterBatchQueued', detail: { send_id: 'd1', batch: 3, recipients: 1 } });
    expect(newsletterEvents({ eventName: 'MODIFY', oldImage: batch, newImage: { ...batch, runs: 1 } })).toEqual([]);
  });

  it('keeps a done batch, with its recipients’ e-mails, BATCH_KEEP_DAYS and no longer', () => {
    const doneAt = '2026-11-01T10:00:00.000Z';
    const expires = batchExpiry(doneAt);
    expect(expires).toBe(Date.parse(doneAt) / 1000 + BATCH_KEEP_DAYS * 86_400);
    const batch = { ...batchItem({ send_id: 'd1', number: 1, recipients: [{ id: 's1', email: 'a@b.com' }], created_at: doneAt, done_at: doneAt, runs: 1 }), expires_at: expires };
    expect(batchExpired(batch, (expires - 1) * 1000)).toBe(false);
    expect(batchExpired(batch, expires * 1000)).toBe(true);
    // Until done, a batch has no expiry.
    expect(batchExpired({ ...batch, expires_at: undefined }, Date.parse('2030-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('SES’s verdicts', () => {
  const envelope = (type: string, detail: Record<string, unknown>) => ({ 'detail-type': type, source: 'aws.ses', detail: { mail: { messageId: 'm1', destination: [] }, ...detail } });

  it('suppresses a permanent bounce and a complaint, not a transient bounce', () => {
    expect(
      verdictsOf(envelope('Email Bounced', { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'Bounce@Simulator.amazonses.com' }] } })),
    ).toEqual([{ email: 'bounce@simulator.amazonses.com', status: 'bounced' }]);
    expect(verdictsOf(envelope('Email Bounced', { bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'a@b.com' }] } }))).toEqual([]);
    expect(verdictsOf(envelope('Email Complaint Received', { complaint: { complainedRecipients: [{ emailAddress: 'Ana <ana@b.com>' }] } }))).toEqual([
      { email: 'ana@b.com', status: 'complained' },
    ]);
    expect(verdictsOf(envelope('Email Delivered', { delivery: {} }))).toEqual([]);
  });
});
