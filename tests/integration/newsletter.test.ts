// The newsletter over real HTTP and the real pipeline (the SES v2 stand-in delivering to maildev): the
// master-only API, the duplicate e-mail, a reader's double opt-in (forged and expired links refused),
// a send that reaches every active subscriber once with the RFC 8058 headers and no premium body, a
// batch delivered again that e-mails no one twice, opens and clicks counted once per subscriber,
// tracked links that never leave the portal, the one-click unsubscribe without a session, SES's bounces
// and complaints, the settings switch, and the sign-up rate. Every answer is checked for table scans.
import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGeneratedKey } from '../../infra/local/generated-keys';
import { signToken } from '../../lambdas/newsletter/tokens';
import { hourlyKey } from '../../lambdas/platform/address-rate';
import { EVENT_BUS_NAME } from '../../lambdas/platform/contract';
import type { ArticleDraft } from '../../shared/api-types';
import {
  NEWSLETTER_CONSENT,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES as MESSAGES,
  type EditionArticleChoices,
  type EditionPreview,
  type MyNewsletter,
  type NewsletterOverview,
  type NewsletterSend,
  type NewsletterSubscriber,
  type NewsletterSubscriberPage,
} from '../../shared/newsletter';
import { caughtMails, caughtMailsTo, eventually, mailsTo, uniqueEmail, type CaughtMailWithHeaders } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { freshAddress, requestFrom } from '../support/from-address';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, mailApiUrl, ports, dataDir } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const signingKey = loadGeneratedKey(dataDir, 'newsletter-key');
const N = '/api/newsletter';
const SECRET = `Trecho exclusivo ${randomUUID().slice(0, 8)}: os bastidores da licitação.`;

let master: Member;
let reader: Member;
let freeArticle: ArticleDraft;
let premiumArticle: ArticleDraft;
/** Sends other suites made in the shared runtime before this one (the privacy test's): none of this file's. */
let sendsBefore: number;

async function publish(body: Record<string, unknown>): Promise<ArticleDraft> {
  const created = await portal.request('POST', '/api/articles', {
    token: master.token,
    body: { summary: 'O resumo da matéria para a newsletter.', tags: [], slug: `nl-${randomUUID().slice(0, 8)}`, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const draft = created.body as unknown as ArticleDraft;
  const published = await portal.request('PUT', `/api/articles/${draft.id}`, { token: master.token, body: { status: 'published', base_version: draft.version } });
  expect(published.status, published.text).toBe(200);
  return published.body as unknown as ArticleDraft;
}

beforeAll(async () => {
  [master, reader] = await Promise.all([member(portal, table, 'master-news', 'Marta Newsletter', { roles: ['master'] }), member(portal, table, 'leitor-news', 'Leo Leitor')]);
  freeArticle = await publish({ title: 'Ponte Hercílio Luz reabre após reforma', content: '<p>A ponte foi reaberta nesta manhã.</p><p>O trânsito volta ao normal.</p>' });
  premiumArticle = await publish({ title: 'A licitação da ponte', visibility: 'premium', content: `<p>O contrato foi assinado ontem.</p><p>${SECRET}</p>` });
  sendsBefore = (await overview()).total_sends;
});

const edition = () => ({ subject: `Resumo ${randomUUID().slice(0, 6)}`, intro: 'Olá!\n\nAs notícias da semana.', article_ids: [freeArticle.id, premiumArticle.id] });

async function ok<T>(method: string, path: string, options: { body?: unknown; token?: string } = {}, status = 200): Promise<T> {
  const response = await portal.request(method, path, { token: master.token, ...options });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
  return response.body as T;
}

const overview = () => ok<NewsletterOverview>('GET', `${N}/overview`);
const find = async (email: string) => (await ok<NewsletterSubscriberPage>('GET', `${N}/subscribers?q=${encodeURIComponent(email)}`)).records.find((each) => each.email === email);
const statusOf = async (email: string) => (await find(email))?.status;
const add = (email: string) => ok<{ subscriber: NewsletterSubscriber; message: string }>('POST', `${N}/subscribers`, { body: { email } }, 201);
const signup = (email: string, source = 'footer') => portal.request('POST', `${N}/signup`, { body: { email, source, source_page: '/artigo/x', consent_version: NEWSLETTER_CONSENT.version } });

async function allActive(): Promise<NewsletterSubscriber[]> {
  const records: NewsletterSubscriber[] = [];
  let cursor: string | undefined;
  do {
    const page = await ok<NewsletterSubscriberPage>('GET', `${N}/subscribers?status=active${cursor ? `&cursor=${cursor}` : ''}`);
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor);
  return records;
}

const header = (mail: CaughtMailWithHeaders, name: string) => {
  const value = mail.headers[name];
  return (Array.isArray(value) ? value.join(', ') : (value ?? '')).replace(/\r?\n\s+/g, ' ');
};
const editionsTo = async (email: string, subject: string) => (await caughtMailsTo(mailApiUrl, email)).filter((mail) => mail.subject === subject);
/** The copies of an edition, by recipient (one read of the mail catcher). */
async function copiesBy(subject: string): Promise<Map<string, CaughtMailWithHeaders[]>> {
  const copies = new Map<string, CaughtMailWithHeaders[]>();
  for (const mail of (await caughtMails(mailApiUrl)).filter((each) => each.subject === subject)) {
    for (const to of mail.to) copies.set(to.address.toLowerCase(), [...(copies.get(to.address.toLowerCase()) ?? []), mail]);
  }
  return copies;
}
const hrefs = (html: string, pattern: RegExp) => [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&')).filter((url) => pattern.test(url));
const confirmationToken = (text: string) => /\/newsletter\/confirmar\?token=([\w.-]+)/.exec(text)?.[1];

describe('who manages the newsletter', () => {
  it('answers 400 to a send with no active subscriber', async () => {
    if ((await overview()).active === 0) {
      const refused = await portal.request('POST', `${N}/sends`, { token: master.token, body: edition() });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MESSAGES.noAudience);
    }
  });

  it('refuses everyone but masters on every master route', async () => {
    const routes = [
      ['GET', `${N}/overview`],
      ['GET', `${N}/subscribers`],
      ['POST', `${N}/subscribers`, { email: uniqueEmail('recusado') }],
      ['POST', `${N}/subscribers/${randomUUID()}/unsubscribe`],
      ['GET', `${N}/sends`],
      ['GET', `${N}/sends/${randomUUID()}`],
      ['GET', `${N}/articles`],
      ['POST', `${N}/preview`, edition()],
      ['POST', `${N}/test`, edition()],
      ['POST', `${N}/sends`, edition()],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await portal.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const refused = await portal.request(method, path, { token: reader.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(MESSAGES.forbidden);
    }
    expect((await overview()).total_sends).toBe(sendsBefore);
  });
});

describe('the subscribers', () => {
  it('adds an e-mail trimmed and lowercased, active, and refuses it again in any case', async () => {
    const email = uniqueEmail('Inscrita');
    const before = await overview();
    const added = await add(`  ${email.toUpperCase()} `);
    expect(added.message).toBe(MESSAGES.added);
    expect(added.subscriber).toMatchObject({ email: email.toLowerCase(), status: 'active', source: 'admin', unsubscribed_at: null });
    const again = await portal.request('POST', `${N}/subscribers`, { token: master.token, body: { email: email.toLowerCase() } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.duplicate);
    expect((await overview()).active).toBe(before.active + 1);
  });

  it('lists newest first, searches part of the e-mail, filters by status and unsubscribes one', async () => {
    const tag = randomUUID().slice(0, 8);
    const emails = [`primeira-${tag}@exemplo.com.br`, `segunda-${tag}@exemplo.com.br`, `terceira-${tag}@exemplo.com.br`];
    for (const email of emails) await add(email);
    const found = await ok<NewsletterSubscriberPage>('GET', `${N}/subscribers?q=${tag}`);
    expect(found.records.map((each) => each.email)).toEqual([...emails].reverse());
    const second = found.records[1]!;
    const gone = await ok<{ subscriber: NewsletterSubscriber }>('POST', `${N}/subscribers/${second.id}/unsubscribe`);
    expect(gone.subscriber).toMatchObject({ id: second.id, status: 'unsubscribed' });
    expect(gone.subscriber.unsubscribed_at).not.toBeNull();
    const unsubscribed = await ok<NewsletterSubscriberPage>('GET', `${N}/subscribers?q=${tag}&status=unsubscribed`);
    expect(unsubscribed.records.map((each) => each.email)).toEqual([emails[1]]);
    expect((await portal.request('POST', `${N}/subscribers/${randomUUID()}/unsubscribe`, { token: master.token })).status).toBe(404);
  });
});

describe('a reader’s sign-up (double opt-in)', () => {
  let email: string;
  let token: string;

  it('is pending until the link in the confirmation e-mail is followed, with the consent recorded', async () => {
    email = uniqueEmail('leitora');
    const asked = await signup(`  ${email.toUpperCase()}`);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.message).toBe(MESSAGES.signupSent);
    expect(await statusOf(email)).toBe('pending');
    const mail = await eventually(async () => (await mailsTo(mailApiUrl, email))[0]);
    expect(mail.text).toContain('Confirmar inscrição');
    expect(mail.text).toContain(NEWSLETTER_CONSENT.text);
    token = confirmationToken(mail.text)!;
    expect(token).toBeTruthy();
    const confirmed = await portal.request('POST', `${N}/confirm`, { body: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ message: MESSAGES.confirmed, email });
    // Confirming twice is fine.
    expect((await portal.request('POST', `${N}/confirm`, { body: { token } })).status).toBe(200);
    const subscriber = (await find(email))!;
    expect(subscriber).toMatchObject({ status: 'active', source: 'footer' });
    expect(subscriber.confirmed_at).not.toBeNull();
    const item = await table.item({ pk: `NLSUB#${subscriber.id}`, sk: 'NLSUB' });
    expect(item?.consent).toMatchObject({ source: 'footer', source_page: '/artigo/x', text_version: NEWSLETTER_CONSENT.version });
    expect(item?.expires_at).toBeUndefined();
  });

  it('refuses a forged link and an expired one', async () => {
    const forged = await portal.request('POST', `${N}/confirm`, { body: { token: `${token.slice(0, -3)}abc` } });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.confirmInvalid);
    const late = uniqueEmail('atrasada');
    expect((await signup(late)).status).toBe(202);
    const pending = (await find(late))!;
    const old = signToken(signingKey, { k: 'confirm', s: pending.id, t: Date.now() - (NEWSLETTER_LIMITS.confirmHours + 1) * 3600 * 1000 });
    const expired = await portal.request('POST', `${N}/confirm`, { body: { token: old } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(MESSAGES.confirmExpired);
    expect(await statusOf(late)).toBe('pending');
  });

  it('answers an active address the same, and sends it nothing', async () => {
    const active = uniqueEmail('ja-ativa');
    await add(active);
    const control = uniqueEmail('controle');
    for (const address of [active, control]) expect((await signup(address, 'home')).status).toBe(202);
    await eventually(async () => (await mailsTo(mailApiUrl, control))[0]);
    expect(await mailsTo(mailApiUrl, active)).toEqual([]);
    expect(await statusOf(active)).toBe('active');
  });
});

describe('a send', () => {
  let send: NewsletterSend;
  let audience: NewsletterSubscriber[];
  let unsubscribedEmail: string;
  let pendingEmail: string;
  const bounce = 'bounce@simulator.amazonses.com';

  beforeAll(async () => {
    for (const email of [uniqueEmail('assinante-a'), uniqueEmail('assinante-b'), bounce]) await add(email);
    // Enough for more than one batch, sent by two workers at once.
    const many = Array.from({ length: 55 }, () => uniqueEmail('lote'));
    for (let start = 0; start < many.length; start += 5) await Promise.all(many.slice(start, start + 5).map(add));
    unsubscribedEmail = uniqueEmail('saiu');
    const gone = await add(unsubscribedEmail);
    await ok('POST', `${N}/subscribers/${gone.subscriber.id}/unsubscribe`);
    pendingEmail = uniqueEmail('pendente');
    expect((await signup(pendingEmail)).status).toBe(202);
  });

  it('offers the recent articles and previews exactly what is sent, without the premium body', async () => {
    const choices = await ok<EditionArticleChoices>('GET', `${N}/articles`);
    expect(choices.recent.map((article) => article.id)).toEqual(expect.arrayContaining([freeArticle.id, premiumArticle.id]));
    expect(choices.most_read.length).toBeLessThanOrEqual(NEWSLETTER_LIMITS.mostReadCount);
    const premium = choices.recent.find((article) => article.id === premiumArticle.id)!;
    expect(premium).toMatchObject({ is_premium: true, excerpt: 'O contrato foi assinado ontem.' });
    expect(JSON.stringify(choices)).not.toContain(SECRET);
    const body = edition();
    const preview = await ok<EditionPreview>('POST', `${N}/preview`, { body });
    expect(preview.subject).toBe(body.subject);
    expect(preview.articles.map((article) => article.id)).toEqual([freeArticle.id, premiumArticle.id]);
    expect(preview.html).toContain('Exclusivo para assinantes');
    expect(preview.html + preview.text).not.toContain(SECRET);
    expect(preview.text).toContain('Cancelar inscrição');
    const unknown = await portal.request('POST', `${N}/preview`, { token: master.token, body: { ...body, article_ids: [randomUUID()] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MESSAGES.articleNotFound);
  });

  it('sends a test copy to the master only, counting nothing', async () => {
    const body = edition();
    const tested = await ok<{ message: string; to: string }>('POST', `${N}/test`, { body }, 202);
    expect(tested).toEqual({ message: MESSAGES.testSent, to: master.email });
    const mail = await eventually(async () => (await caughtMailsTo(mailApiUrl, master.email)).find((each) => each.subject === `[Teste] ${body.subject}`));
    expect(mail.html).not.toContain(SECRET);
    expect((await overview()).total_sends).toBe(sendsBefore);
  });

  it('reaches every active subscriber once, with List-Unsubscribe and List-Unsubscribe-Post', async () => {
    audience = await allActive();
    const body = edition();
    const queued = await ok<{ send: NewsletterSend; message: string }>('POST', `${N}/sends`, { body }, 202);
    expect(queued.message).toBe(MESSAGES.sendQueued);
    expect(queued.send).toMatchObject({ subject: body.subject, status: 'queued', audience_count: audience.length, sent_to_count: 0, sent_by: master.id });
    send = await eventually(async () => {
      const current = await ok<NewsletterSend>('GET', `${N}/sends/${queued.send.id}`);
      return current.status === 'sent' ? current : undefined;
    }, 60_000);
    expect(send).toMatchObject({ audience_count: audience.length, sent_to_count: audience.length, opened_count: 0, clicked_count: 0 });
    expect(send.finished_at).not.toBeNull();
    expect(audience.length).toBeGreaterThan(50);
    const sendItem = await table.item({ pk: `NLSEND#${send.id}`, sk: 'NLSEND' });
    expect(sendItem).toMatchObject({ batches_total: 2, batches_done: 2 });
    const copies = await eventually(async () => {
      const found = await copiesBy(body.subject);
      return audience.every((subscriber) => found.has(subscriber.email)) ? found : undefined;
    });
    for (const subscriber of audience) {
      const mails = copies.get(subscriber.email)!;
      expect(mails, subscriber.email).toHaveLength(1);
      const mail = mails[0]!;
      expect(header(mail, 'list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[\w.-]+>, <mailto:descadastro@[^>]+>$/);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.html + mail.text).not.toContain(SECRET);
    }
    expect([...copies.values()].flat()).toHaveLength(audience.length);
    for (const email of [unsubscribedEmail, pendingEmail]) expect(copies.has(email)).toBe(false);
    const listed = await ok<{ records: NewsletterSend[] }>('GET', `${N}/sends`);
    expect(listed.records[0]?.id).toBe(send.id);
    expect((await overview()).total_sends).toBe(sendsBefore + 1);
  }, 120_000);

  it('e-mails no one twice when a batch is delivered again', async () => {
    const batch = { pk: `NLSEND#${send.id}`, sk: 'BATCH#000001' };
    const first = (await table.item(batch))!;
    expect(first.runs).toBe(1);
    const bus = new EventBridgeClient({ endpoint: `http://127.0.0.1:${ports.events}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await bus.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: EVENT_BUS_NAME, Source: 'portal.newsletter', DetailType: 'NewsletterBatchQueued', Detail: JSON.stringify({ send_id: send.id, batch: 1, recipients: (first.recipients as unknown[]).length }) }],
      }),
    );
    // The worker went through the batch a second time...
    await eventually(async () => ((await table.item(batch))?.runs === 2 ? true : undefined), 30_000);
    // ...and sent nothing: one copy each, the count unchanged.
    const copies = await copiesBy(send.subject);
    expect([...copies.values()].flat()).toHaveLength(audience.length);
    for (const subscriber of audience) expect(copies.get(subscriber.email), subscriber.email).toHaveLength(1);
    expect(await ok<NewsletterSend>('GET', `${N}/sends/${send.id}`)).toMatchObject({ sent_to_count: audience.length, status: 'sent' });
  }, 60_000);

  it('counts the pixel and a click once per subscriber, a click proving the open', async () => {
    const [a, b] = audience.filter((subscriber) => subscriber.email !== bounce);
    const mailA = (await editionsTo(a!.email, send.subject))[0]!;
    const mailB = (await editionsTo(b!.email, send.subject))[0]!;
    const [pixel] = hrefs(mailA.html, /\/api\/newsletter\/open\//);
    for (let time = 0; time < 2; time++) {
      const image = await fetch(pixel!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/gif');
      expect(image.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await image.arrayBuffer()).subarray(0, 6).toString('latin1')).toBe('GIF89a');
    }
    // A forged pixel still answers its image, and counts nothing.
    expect((await fetch(`${baseUrl}${N}/open/forjado.abc`)).status).toBe(200);
    expect(await ok<NewsletterSend>('GET', `${N}/sends/${send.id}`)).toMatchObject({ opened_count: 1, clicked_count: 0 });

    for (const mail of [mailA, mailA, mailB]) {
      const [link] = hrefs(mail.html, /\/api\/newsletter\/click\?/);
      const followed = await fetch(link!, { redirect: 'manual' });
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe(`${baseUrl}/article/${freeArticle.slug}?utm_source=newsletter`);
    }
    expect(await ok<NewsletterSend>('GET', `${N}/sends/${send.id}`)).toMatchObject({ opened_count: 2, clicked_count: 2 });
  });

  it('never redirects off the portal', async () => {
    const [link] = hrefs((await editionsTo(audience[0]!.email, send.subject))[0]!.html, /\/api\/newsletter\/click\?/);
    const tampered = new URL(link!);
    tampered.searchParams.set('url', 'https://golpe.example.com/article/x');
    // Even signed with the portal's own key, a foreign address is refused.
    const foreign = 'https://golpe.example.com/';
    const signed = `${baseUrl}${N}/click?token=${signToken(signingKey, { k: 'click', d: send.id, s: audience[0]!.id }, foreign)}&url=${encodeURIComponent(foreign)}`;
    for (const url of [tampered.toString(), signed, `${baseUrl}${N}/click?url=${encodeURIComponent(foreign)}`]) {
      const refused = await fetch(url, { redirect: 'manual' });
      expect(refused.status, url).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.linkInvalid);
    }
  });

  it('unsubscribes at once with the one-click POST, without a session, and from the footer’s page', async () => {
    const [a, b] = audience.filter((subscriber) => subscriber.email !== bounce);
    const mailA = (await editionsTo(a!.email, send.subject))[0]!;
    const oneClick = /<(https?:\/\/[^>]+)>/.exec(header(mailA, 'list-unsubscribe'))![1]!;
    for (let time = 0; time < 2; time++) {
      const answer = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as { message: string }).message).toBe(MESSAGES.unsubscribed);
    }
    expect(await statusOf(a!.email)).toBe('unsubscribed');
    // The footer's page posts the token of its address as JSON.
    const [page] = hrefs((await editionsTo(b!.email, send.subject))[0]!.html, /\/newsletter\/cancelar\?token=/);
    const token = new URL(page!).searchParams.get('token');
    expect((await portal.request('POST', `${N}/unsubscribe`, { body: { token } })).status).toBe(200);
    expect(await statusOf(b!.email)).toBe('unsubscribed');
    const forged = await fetch(`${baseUrl}${N}/unsubscribe?token=${token!.slice(0, -2)}xx`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(MESSAGES.unsubscribeInvalid);
  });

  it('suppresses an address SES bounced', async () => {
    expect(await eventually(async () => ((await statusOf(bounce)) === 'bounced' ? 'bounced' : undefined), 20_000)).toBe('bounced');
    expect((await allActive()).map((subscriber) => subscriber.email)).not.toContain(bounce);
  });

  it('suppresses an address whose reader complained', async () => {
    const complaint = 'complaint@simulator.amazonses.com';
    const added = await add(complaint);
    // The simulator's complaint box complains about the next edition it gets.
    const body = edition();
    const queued = await ok<{ send: NewsletterSend }>('POST', `${N}/sends`, { body }, 202);
    await eventually(async () => ((await ok<NewsletterSend>('GET', `${N}/sends/${queued.send.id}`)).status === 'sent' ? true : undefined), 60_000);
    expect(await eventually(async () => ((await statusOf(complaint)) === 'complained' ? 'complained' : undefined), 20_000)).toBe('complained');
    expect(added.subscriber.status).toBe('active');
  }, 120_000);
});

describe('a signed-in reader’s settings', () => {
  it('subscribes the account’s e-mail at once, and unsubscribes it', async () => {
    const me = await ok<MyNewsletter>('GET', `${N}/me`, { token: reader.token });
    expect(me).toEqual({ email: reader.email.toLowerCase(), status: null });
    const on = await ok<MyNewsletter>('PUT', `${N}/me`, { token: reader.token, body: { subscribed: true, consent_version: NEWSLETTER_CONSENT.version } });
    expect(on).toEqual({ email: reader.email.toLowerCase(), status: 'active' });
    expect(await find(reader.email.toLowerCase())).toMatchObject({ status: 'active', source: 'settings' });
    const off = await ok<MyNewsletter>('PUT', `${N}/me`, { token: reader.token, body: { subscribed: false } });
    expect(off.status).toBe('unsubscribed');
    expect((await ok<MyNewsletter>('GET', `${N}/me`, { token: reader.token })).status).toBe('unsubscribed');
    expect((await portal.request('GET', `${N}/me`)).status).toBe(401);
  });
});

describe('the sign-up rate', () => {
  const signupFrom = (address: string, email: string) =>
    requestFrom(baseUrl, address, 'POST', `${N}/signup`, { body: { email, source: 'article', source_page: '/artigo/x', consent_version: NEWSLETTER_CONSENT.version } });
  /** Requests twenty at a time, in order. */
  async function inWaves<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
    const answers: T[] = [];
    for (let start = 0; start < count; start += 20) answers.push(...(await Promise.all(Array.from({ length: Math.min(20, count - start) }, (_, offset) => send(start + offset)))));
    return answers;
  }

  it('lets 200 readers behind one address (a carrier’s CGNAT) sign up within the hour, each sent their confirmation', async () => {
    const address = freshAddress();
    const prefix = `cgnat-${randomUUID().slice(0, 6)}`;
    const crowd = await inWaves(200, (index) => signupFrom(address, `${prefix}-${index}@exemplo.com.br`));
    expect(crowd.map((answer) => answer.status)).toEqual(Array(200).fill(202));
    // Every one of them gets their link (and the runtime's queue is drained before the next test).
    const confirmations = async () =>
      ((await (await fetch(`${mailApiUrl}/email`)).json()) as { to: { address: string }[] }[]).filter((mail) => mail.to.some((to) => to.address.startsWith(`${prefix}-`))).length;
    await eventually(async () => ((await confirmations()) >= 200 ? true : undefined), 90_000);
    expect(await confirmations()).toBe(200);
  }, 150_000);

  it('refuses an address past signupsPerHour sign-ups in an hour', async () => {
    const address = freshAddress();
    // The address's counter of this hour one short of the cap, as 299 sign-ups would leave it.
    const counter = hourlyKey('NLRATE', address);
    await table.put({ ...counter, hits: NEWSLETTER_LIMITS.signupsPerHour - 1, expires_at: Math.floor(Date.now() / 1000) + 7200 });
    const last = await signupFrom(address, uniqueEmail('rajada'));
    const refused = await signupFrom(address, uniqueEmail('rajada'));
    // Unless the clock hour turned in between (a new counter), the cap holds.
    if (hourlyKey('NLRATE', address).sk !== counter.sk) return;
    expect(last.status).toBe(202);
    expect(refused).toEqual({ status: 429, body: { message: MESSAGES.tooManySignups } });
  });

  it('refuses a script’s 200 sign-ups for one e-mail past signupsPerEmailHour, whatever addresses it uses', async () => {
    const email = uniqueEmail('alvo');
    const hour = Math.floor(Date.now() / 3_600_000);
    const allowed = NEWSLETTER_LIMITS.signupsPerEmailHour;
    const first = freshAddress();
    for (let index = 0; index < allowed; index++) expect((await signupFrom(index ? freshAddress() : first, email)).status).toBe(202);
    const script = await inWaves(200 - allowed, () => signupFrom(freshAddress(), email));
    const accepted = script.filter((answer) => answer.status === 202).length;
    // Across a clock hour's end the count starts again: the new hour's allowance at most.
    expect(accepted).toBe(Math.floor(Date.now() / 3_600_000) === hour ? 0 : Math.min(accepted, allowed));
    expect(script.find((answer) => answer.status !== 202)).toEqual({ status: 429, body: { message: MESSAGES.tooManySignups } });
    // Another reader's sign-up from the script's address goes on: the limit is the e-mail's.
    expect((await signupFrom(first, uniqueEmail('vizinha'))).status).toBe(202);
  }, 120_000);
});
