// Readers' rights under the LGPD over real HTTP and the real pipeline: consent records, the copy of
// one's data (the export worker, a link that expires), and the deletion of an account across every
// context (payments first at the provider, then each context's erase worker). An author with a card
// subscription, reading history, a newsletter subscription, consents, an application, an internal
// comment and a published article is exported and then deleted; a second reader's data must never
// show in the first one's copy, and must be untouched by the deletion.
import '../support/in-process-handlers';
import { createHash, randomUUID } from 'node:crypto';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailClaimKey } from '../../lambdas/newsletter/items';
import { submit } from '../../lambdas/applications/service';
import { EVENT_BUS_NAME } from '../../lambdas/platform/contract';
import { PIPELINES } from '../../lambdas/contexts';
import { DELETION_STEPS } from '../../lambdas/privacy/erasure';
import type { ArticleDraft } from '../../shared/api-types';
import { applicationSchema } from '../../shared/applications';
import { NEWSLETTER_CONSENT, type NewsletterSend } from '../../shared/newsletter';
import {
  ANONYMOUS_AUTHOR_ID,
  CONSENT_VERSION,
  DELETION_CONFIRMATION,
  PRIVACY_MESSAGES,
  RETENTION,
  type AdminDataRequest,
  type AdminDataRequestPage,
  type ConsentRecord,
  type DataRequest,
  type ExportDownload,
} from '../../shared/privacy';
import { eventually, mailsTo } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { freshAddress, requestFrom } from '../support/from-address';
import { validCpf } from '../support/cpf';
import { Sandbox } from '../support/payments';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, mailApiUrl, ports, dataDir } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const sandbox = new Sandbox(ports, dataDir, baseUrl);
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const PASSWORD = 'Senha123';
// The queues that take an account's deletion events: each context's erase worker, and the privacy context's own.
const ERASE_PIPELINES = PIPELINES.map((pipeline) => pipeline.name).filter((name) => name.endsWith('erase'));
const tag = randomUUID().slice(0, 8);
/** Words that appear only in one person's data: found in their copy, never in the other's. */
const MARK = { name: `Lara Lgpd ${tag}`, title: `Feira de Caruaru bate recorde ${tag}`, comment: `Revisar o título ${tag}`, expectations: `Cobrir o agreste ${tag}` };
const OTHER = { name: `Otto Outro ${tag}`, comment: `Comentário do outro ${tag}` };

let master: Member;
let author: Member;
let other: Member;
let article: ArticleDraft;
let otherArticle: ArticleDraft;
let stripeSubscription: string;

const ok = async <T>(method: string, path: string, who: Member | undefined, body?: unknown, status = 200): Promise<T> => {
  const response = await portal.request(method, path, { token: who?.token, body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
  return response.body as T;
};

async function publish(who: Member, title: string): Promise<ArticleDraft> {
  const created = await ok<ArticleDraft>('POST', '/api/articles', who, { title, summary: 'Resumo da matéria para o teste de privacidade.', content: '<p>O texto da matéria, longo o bastante para ser publicado no portal.</p>', tags: [], slug: `lgpd-${randomUUID().slice(0, 8)}` }, 201);
  return ok<ArticleDraft>('PUT', `/api/articles/${created.id}`, master, { status: 'published', base_version: created.version });
}

async function read(who: Member, articleId: string): Promise<void> {
  const response = await portal.request('POST', `/api/articles/${articleId}/reading`, { token: who.token, body: { visit_id: randomUUID(), time_spent_seconds: 42, scroll_depth_percent: 80 } });
  expect(response.status, response.text).toBeLessThan(300);
}

const consent = (who: Member | undefined, choice: { ads: boolean; personalization: boolean }, visitor = randomUUID()) =>
  portal.request('POST', '/api/privacy/consents', { token: who?.token, body: { visitor_id: visitor, version: CONSENT_VERSION, source: 'banner', ...choice } });

/**
 * An application, through the applications service itself from an address of its own: the admin
 * tests use up this machine's hourly limit of applications on purpose, and the shared runtime keeps it.
 */
async function apply(email: string, fullName: string, expectations: string): Promise<string> {
  const body = applicationSchema.parse({
    full_name: fullName,
    email,
    cpf: validCpf(),
    phone: '(81) 98765-4321',
    address: 'Rua da Aurora, 100, Boa Vista, Recife – PE',
    experience_years: '6 anos',
    previous_outlets: 'Jornal do Commercio',
    expectations,
    media_experience: { writing: true, audio: false, video: false },
    consent: true,
  });
  return (await submit(body, `privacidade-${randomUUID()}`)).id;
}

/** Everything a person can hold here, through the API as they would. */
async function furnish(who: Member, marks: { comment: string }, own: ArticleDraft, readArticle: ArticleDraft): Promise<void> {
  await read(who, readArticle.id);
  await ok('PUT', '/api/newsletter/me', who, { subscribed: true, consent_version: NEWSLETTER_CONSENT.version });
  expect((await consent(who, { ads: true, personalization: false })).status).toBe(201);
  await ok('POST', `/api/articles/${own.id}/comments`, who, { comment: marks.comment }, 201);
}

beforeAll(async () => {
  [master, author, other] = await Promise.all([
    member(portal, table, 'lgpd-master', 'Mara Master', { roles: ['master'] }),
    member(portal, table, 'lgpd-autora', MARK.name, { roles: ['author'] }),
    member(portal, table, 'lgpd-outro', OTHER.name, { roles: ['author'] }),
  ]);
  [article, otherArticle] = await Promise.all([publish(author, MARK.title), publish(other, `Matéria do outro ${tag}`)]);
  await Promise.all([furnish(author, MARK, article, otherArticle), furnish(other, OTHER, otherArticle, article)]);
  await apply(author.email, MARK.name, MARK.expectations);
  // A card subscription through Stripe's checkout, to be cancelled at Stripe by the deletion.
  const started = await ok<{ url: string }>('POST', '/api/checkout/stripe', author);
  const completed = await sandbox.completeStripe(new URL(started.url).pathname.split('/').pop()!);
  stripeSubscription = String(completed.subscription);
  await eventually(async () => ((await ok<{ subscribed: boolean }>('GET', '/api/subscription', author)).subscribed ? true : undefined));
}, 120_000);

describe('consent', () => {
  it('is recorded with its time and version: under the account when signed in, under the browser with an expiry when not', async () => {
    const history = await ok<ConsentRecord[]>('GET', '/api/privacy/consents', author);
    expect(history[0]).toMatchObject({ ads: true, personalization: false, version: CONSENT_VERSION, source: 'banner' });
    expect(Date.parse(history[0]!.at)).toBeGreaterThan(Date.now() - 10 * 60_000);

    const visitor = randomUUID();
    // Personalisation without ads means nothing: stored as refused.
    expect((await consent(undefined, { ads: false, personalization: true }, visitor)).status).toBe(201);
    const [record] = await table.partition(`CONSENTS#visitor#${visitor}`);
    expect(record).toMatchObject({ ads: false, personalization: false, version: CONSENT_VERSION });
    const days = (Number(record!.expires_at) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(RETENTION.visitorConsentDays - 1);
    expect(days).toBeLessThanOrEqual(RETENTION.visitorConsentDays);
  });

  it('refuses a malformed choice with a 400, and asks for sign-in to read one’s history', async () => {
    const bad = await portal.request('POST', '/api/privacy/consents', { body: { visitor_id: 'não-é-uuid', ads: true, personalization: false, version: CONSENT_VERSION, source: 'banner' } });
    expect(bad.status).toBe(400);
    // A version is a name like the banner's: not a long text, not control characters.
    for (const version of ['v'.repeat(41), 'v\u0007', '']) {
      const refused = await portal.request('POST', '/api/privacy/consents', { body: { visitor_id: randomUUID(), ads: true, personalization: false, version, source: 'banner' } });
      expect(refused.status, JSON.stringify(version)).toBe(400);
      expect(refused.body.message).toBe('Versão do texto inválida');
    }
    expect((await portal.request('GET', '/api/privacy/consents')).status).toBe(401);
  });
});

describe('consent from readers who share an address', () => {
  const consentFrom = (address: string, visitor: string, choice: { ads: boolean; personalization: boolean }) =>
    requestFrom(baseUrl, address, 'POST', '/api/privacy/consents', { body: { visitor_id: visitor, version: CONSENT_VERSION, source: 'banner', ...choice } });

  it('records the consent of 200 readers behind one address (a carrier’s CGNAT) within the hour', async () => {
    const address = freshAddress();
    const visitors = Array.from({ length: 200 }, () => randomUUID());
    const answers: number[] = [];
    for (let start = 0; start < visitors.length; start += 20) {
      answers.push(...(await Promise.all(visitors.slice(start, start + 20).map(async (visitor) => (await consentFrom(address, visitor, { ads: true, personalization: true })).status))));
    }
    expect(answers).toEqual(Array(200).fill(201));
    for (const visitor of [visitors[0]!, visitors[199]!]) expect(await table.partition(`CONSENTS#visitor#${visitor}`)).toHaveLength(1);
  }, 120_000);

  it('keeps one record of the same choice sent again the same day, and every change', async () => {
    const [address, visitor] = [freshAddress(), randomUUID()];
    const accept = { ads: true, personalization: false };
    const first = await consentFrom(address, visitor, accept);
    expect(first.status).toBe(201);
    for (let again = 0; again < 5; again++) expect(await consentFrom(address, visitor, accept)).toEqual(first);
    expect(await table.partition(`CONSENTS#visitor#${visitor}`)).toHaveLength(1);
    // Refused, then accepted again: each change is its own proof.
    expect((await consentFrom(address, visitor, { ads: false, personalization: false })).status).toBe(201);
    expect((await consentFrom(address, visitor, accept)).status).toBe(201);
    const records = await table.partition(`CONSENTS#visitor#${visitor}`);
    expect(records.map((record) => record.ads)).toEqual([true, false, true]);
  });
});

describe('retention', () => {
  it('sets TTLs: reading history, a rejected application', async () => {
    const [reading] = await table.readings(other.id);
    const readingDays = (Number(reading!.expires_at) * 1000 - Date.parse(String(reading!.created_at))) / 86_400_000;
    expect(Math.round(readingDays)).toBe(RETENTION.readingDays);

    const id = await apply(`rejeitada-${tag}@exemplo.com.br`, 'Rita Rejeitada', 'Cobrir o sertão e as feiras do interior, com reportagens semanais.');
    await ok('POST', `/api/admin/applications/${id}/reject`, master, { reason: 'Perfil fora da linha editorial.' });
    const stored = await table.item({ pk: `APPLICATION#${id}`, sk: 'APPLICATION' });
    const days = (Number(stored!.expires_at) * 1000 - Date.parse(String(stored!.decided_at))) / 86_400_000;
    expect(Math.round(days)).toBe(RETENTION.rejectedApplicationDays);
  });
});

describe('Meus dados: the copy', () => {
  let copy: string;

  it('is written by a worker and delivered by a link that expires', async () => {
    const asked = await ok<DataRequest>('POST', '/api/privacy/exports', author, undefined, 202);
    expect(asked).toMatchObject({ kind: 'export', status: 'pending' });
    // One at a time.
    const again = await portal.request('POST', '/api/privacy/exports', { token: author.token });
    expect(again.status === 409 || again.status === 202).toBe(true);
    if (again.status === 409) expect(again.body.message).toBe(PRIVACY_MESSAGES.exportPending);
    const ready = await eventually(async () => {
      const mine = await ok<DataRequest[]>('GET', '/api/privacy/requests', author);
      return mine.find((request) => request.id === asked.id && request.status === 'ready');
    }, 30_000);
    expect(Date.parse(ready.download_until!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Nobody else's to download.
    expect((await portal.request('GET', `/api/privacy/exports/${asked.id}/download`, { token: other.token })).status).toBe(404);
    // Nor any id that is not one (a key too long for the table, control characters): a 404, not a 5xx.
    for (const id of ['x'.repeat(3000), '%00..%2F']) expect((await portal.request('GET', `/api/privacy/exports/${id}/download`, { token: author.token })).status).toBe(404);
    const link = await ok<ExportDownload>('GET', `/api/privacy/exports/${asked.id}/download`, author);
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);
    const url = new URL(link.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    const file = await fetch(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    copy = await file.text();
    // The file is never served by the site.
    expect((await fetch(`${baseUrl}/media/${url.pathname.split('/').slice(2).join('/')}`)).status).not.toBe(200);
  }, 60_000);

  it('holds every kind of item the person has, and nothing of anyone else', () => {
    const data = JSON.parse(copy) as Record<string, unknown>;
    expect(data.account).toEqual({ user_id: author.id, email: author.email });
    for (const section of DELETION_STEPS) expect(data, section).toHaveProperty(section);
    const text = (section: string) => JSON.stringify(data[section]);
    expect(text('users')).toContain(MARK.name); // profile
    expect(text('users')).toContain('author'); // roles
    expect(text('payments')).toContain('active'); // the subscription
    expect(text('articles')).toContain(MARK.title); // my articles
    expect(text('articles')).toContain(otherArticle.id); // my reading history
    expect(text('newsletter')).toContain(author.email); // the newsletter subscription
    expect(text('privacy')).toContain(CONSENT_VERSION); // consents
    expect(text('applications')).toContain(MARK.expectations); // my application
    expect(text('editorial')).toContain(MARK.comment); // my comment
    for (const foreign of [other.id, other.email, OTHER.name, OTHER.comment]) expect(copy).not.toContain(foreign);
  });
});

describe('deleting an account', () => {
  let request: AdminDataRequest;

  it('asks for the password again and the typed confirmation; a master cannot delete their own', async () => {
    const wrong = await portal.request('POST', '/api/privacy/deletion', { token: author.token, body: { password: 'Errada123', confirmation: DELETION_CONFIRMATION } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(PRIVACY_MESSAGES.wrongPassword);
    const unconfirmed = await portal.request('POST', '/api/privacy/deletion', { token: author.token, body: { password: PASSWORD, confirmation: 'sim' } });
    expect(unconfirmed.status).toBe(400);
    const masters = await portal.request('POST', '/api/privacy/deletion', { token: master.token, body: { password: PASSWORD, confirmation: DELETION_CONFIRMATION } });
    expect(masters.status).toBe(409);
    expect(masters.body.message).toBe(PRIVACY_MESSAGES.masterCannotDelete);
  });

  it('disables the sign-in at once and completes within the test’s minute, every context recording what it removed', async () => {
    const asked = await ok<DataRequest>('POST', '/api/privacy/deletion', author, { password: PASSWORD, confirmation: DELETION_CONFIRMATION }, 202);
    await expect(portal.signIn(author.email, PASSWORD)).rejects.toThrow();
    expect((await portal.request('POST', '/api/privacy/deletion', { token: author.token, body: { password: PASSWORD, confirmation: DELETION_CONFIRMATION } })).status).not.toBe(202);
    request = await eventually(async () => {
      const page = await ok<AdminDataRequestPage>('GET', '/api/admin/privacy/requests', master);
      return page.items.find((item) => item.id === asked.id && item.status === 'completed');
    }, 90_000);
    expect(request.steps.map((step) => step.context).sort()).toEqual([...DELETION_STEPS].sort());
    expect(request.steps[0]!.context).toBe('payments');
    // The log keeps what was removed, not who.
    expect(request).toMatchObject({ user_id: null, email: null, kind: 'deletion' });
    expect(JSON.stringify(request)).not.toContain(author.email);
    expect((await portal.request('GET', '/api/admin/privacy/requests', { token: other.token })).status).toBe(403);
  }, 120_000);

  it('leaves no item keyed by the user, in any access pattern', async () => {
    const keyed = await table.keyedBy(author.id);
    expect(keyed.map((item) => `${String(item.pk)} ${String(item.sk)}`)).toEqual([]);
    const patterns: [string, ('gsi1' | 'gsi2')?][] = [
      [`USER#${author.id}`],
      [`READS#${author.id}`],
      [`NOTIF#${author.id}`],
      [`QUALITY#${author.id}`],
      [`ANALYTICS#author#${author.id}`],
      [`CONSENTS#user#${author.id}`],
      [`AUTHOR#${author.id}`, 'gsi1'],
      [`AUTHOR_FEED#${author.id}`, 'gsi1'],
      [`INBOX#${author.id}`, 'gsi1'],
      [`COMMENTS_BY#${author.id}`, 'gsi1'],
      [`CHANNEL#user#${author.id}`, 'gsi1'],
      [`UNREAD#${author.id}`, 'gsi2'],
      [`DATAREQS_BY#${author.id}`, 'gsi2'],
      [`ANALYTICS_BY#${author.id}`, 'gsi2'],
      [`EVENTS_UNPUBLISHED_BY#${author.id}`, 'gsi2'],
    ];
    for (const [pk, index] of patterns) expect(await table.partition(pk, index), `${index ?? 'table'} ${pk}`).toEqual([]);
    // Nor by the e-mail: the newsletter's claim, the applications' link.
    expect(await table.partition(emailClaimKey(author.email).pk)).toEqual([]);
    expect(await table.partition(`APPLICANT#EMAIL#${createHash('sha256').update(author.email).digest('base64url')}`)).toEqual([]);
    const roles = await table.partition('ROLE#author', 'gsi1');
    expect(roles.some((item) => item.gsi1sk === `USER#${author.id}`)).toBe(false);
  });

  it('removes the Cognito user and cancels the subscription at Stripe, keeping the payment record unlinked', async () => {
    const { userPoolId } = await portal.config();
    const cognito = new CognitoIdentityProviderClient({ endpoint: `http://127.0.0.1:${ports.cognito}`, ...local });
    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: author.email }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    expect((await sandbox.stripe('GET', `subscriptions/${stripeSubscription}`)).status).toBe('canceled');
  });

  it('shows the articles under ‘Autor Anônimo’ and keeps them published', async () => {
    const page = await eventually(async () => {
      const response = await portal.request('GET', `/api/articles/by-slug/${article.slug}`);
      return response.status === 200 && JSON.stringify(response.body).includes('Autor Anônimo') ? response.body : undefined;
    }, 30_000);
    expect(JSON.stringify(page)).not.toContain(MARK.name);
    expect(await table.item({ pk: `ARTICLE#${article.id}`, sk: 'ARTICLE' })).toMatchObject({ author_id: ANONYMOUS_AUTHOR_ID, status: 'published' });
  });

  it('leaves the other reader’s data whole', async () => {
    expect(await table.readings(other.id)).toHaveLength(1);
    expect(await ok<ConsentRecord[]>('GET', '/api/privacy/consents', other)).toHaveLength(1);
    expect(await ok<{ subscribed: boolean }>('GET', '/api/newsletter/me', other)).toMatchObject({ status: 'active' });
  });

  it('changes nothing when run a second time', async () => {
    const before = await table.item({ pk: `DATAREQ#${request.id}`, sk: 'REQUEST' });
    const articleBefore = await table.item({ pk: `ARTICLE#${article.id}`, sk: 'ARTICLE' });
    const bus = new EventBridgeClient({ endpoint: `http://127.0.0.1:${ports.events}`, ...local });
    const detail = JSON.stringify({ request_id: request.id, user_id: author.id });
    await bus.send(
      new PutEventsCommand({
        Entries: ['AccountDeletionRequested', 'AccountErasureStarted'].map((type) => ({ EventBusName: EVENT_BUS_NAME, Source: 'portal.privacy', DetailType: type, Detail: detail })),
      }),
    );
    // The bus put both events on their queues before answering: once those are empty, every erase worker has run again.
    await pipelinesDrained(ports, ERASE_PIPELINES);
    expect(await table.item({ pk: `DATAREQ#${request.id}`, sk: 'REQUEST' })).toEqual(before);
    expect(await table.item({ pk: `ARTICLE#${article.id}`, sk: 'ARTICLE' })).toEqual(articleBefore);
    expect(await table.keyedBy(author.id)).toEqual([]);
  }, 30_000);

  it('a newsletter send then skips the address', async () => {
    const subject = `Edição LGPD ${tag}`;
    const queued = await ok<{ send: NewsletterSend }>('POST', '/api/newsletter/sends', master, { subject, intro: 'Olá!', article_ids: [otherArticle.id] }, 202);
    await eventually(async () => ((await ok<NewsletterSend>('GET', `/api/newsletter/sends/${queued.send.id}`, master)).status === 'sent' ? true : undefined), 90_000);
    await eventually(async () => ((await mailsTo(mailApiUrl, other.email)).some((mail) => mail.subject === subject) ? true : undefined), 30_000);
    expect((await mailsTo(mailApiUrl, author.email)).some((mail) => mail.subject === subject)).toBe(false);
  }, 150_000);
});
