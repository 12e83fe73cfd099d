// Premium subscriptions over real HTTP, against the providers' sandboxes: webhooks that are unsigned,
// forged or stale change nothing; an event delivered twice, replayed or out of order never moves a
// subscription backwards; every transition of the state machine for Stripe and Mercado Pago (card,
// PIX, boleto); check-subscription in each state; the premium body served exactly while entitled;
// the daily reconciliation repairing a webhook that never came; the e-mails; the admin list.
import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, mailsTo } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { Sandbox } from '../support/payments';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, mailApiUrl, ports, dataDir } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const sandbox = new Sandbox(ports, dataDir, baseUrl);
const DAY = 24 * 3600 * 1000;

let author: Member;
let editor: Member;
let master: Member;
let premiumSlug: string;
const MARKER = `Trecho exclusivo ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  [author, editor, master] = await Promise.all([
    member(portal, table, 'pag-autora', 'Ana Autora', { roles: ['author'] }),
    member(portal, table, 'pag-editor', 'Edu Editor', { roles: ['editor'] }),
    member(portal, table, 'pag-master', 'Marta Master', { roles: ['master'] }),
  ]);
  const created = await portal.request('POST', '/api/articles', {
    token: author.token,
    body: {
      title: 'Orçamento da saúde cresce 12% no Recife',
      slug: `orcamento-saude-${randomUUID().slice(0, 8)}`,
      summary: 'Câmara aprova aumento para os postos de saúde da capital.',
      content: `<p>A Câmara aprovou o orçamento nesta terça-feira.</p><p>${MARKER}: os bastidores da votação.</p>`,
      visibility: 'premium',
      tags: [],
    },
  });
  expect(created.status, created.text).toBe(201);
  const article = created.body as Record<string, unknown> & { id: string; slug: string; version: number };
  const published = await portal.request('PUT', `/api/articles/${article.id}`, {
    token: editor.token,
    body: {
      ...Object.fromEntries(['title', 'slug', 'summary', 'content', 'visibility', 'tags'].map((field) => [field, article[field]])),
      status: 'published',
      base_version: article.version,
    },
  });
  expect(published.status, published.text).toBe(200);
  premiumSlug = article.slug;
});

afterEach(async () => {
  await sandbox.webhookMode('normal');
});

const subscription = async (who: Member) => (await portal.request('GET', '/api/subscription', { token: who.token })).body as Record<string, unknown> & {
  subscribed: boolean;
  subscription: Record<string, unknown> | null;
};

/** Waits until the reader's subscription satisfies `probe` (the worker applies webhooks within a second or two). */
const settles = (who: Member, probe: (check: Awaited<ReturnType<typeof subscription>>) => boolean) =>
  eventually(async () => {
    const check = await subscription(who);
    return probe(check) ? check : undefined;
  });

async function readsPremium(who: Member): Promise<boolean> {
  const response = await portal.request('GET', `/api/articles/by-slug/${premiumSlug}`, { token: who.token });
  expect(response.status).toBe(200);
  return response.text.includes(MARKER);
}

async function stripeCheckout(who: Member): Promise<string> {
  const started = await portal.request('POST', '/api/checkout/stripe', { token: who.token });
  expect(started.status, started.text).toBe(200);
  const url = new URL(String(started.body.url));
  expect(url.port).toBe(String(ports.stripe));
  return url.pathname.split('/').pop()!;
}

/** A reader who subscribed by card through Stripe's checkout; returns the Stripe subscription id. */
async function stripeSubscriber(prefix: string): Promise<{ who: Member; subscriptionId: string }> {
  const who = await member(portal, table, prefix, 'Sofia Assinante');
  const completed = await sandbox.completeStripe(await stripeCheckout(who));
  await settles(who, (check) => check.subscribed);
  return { who, subscriptionId: String(completed.subscription) };
}

async function mercadoPagoCheckout(who: Member, method: 'card' | 'pix' | 'boleto') {
  const started = await portal.request('POST', '/api/checkout/mercadopago', { token: who.token, body: { priceAmount: 50, plan: 'Premium', method } });
  expect(started.status, started.text).toBe(200);
  return new URL(String(started.body.url));
}

function postStripe(payload: string, signature?: string) {
  return fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
}

function postMercadoPago(dataId: string, headers: Record<string, string>, type = 'payment') {
  return fetch(`${baseUrl}/api/webhooks/mercadopago?data.id=${dataId}&type=${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ id: Date.now(), type, action: 'payment.updated', data: { id: dataId }, live_mode: false, api_version: 'v1' }),
  });
}

/**
 * Resolves once every payment notification recorded before it has been handled by the sync worker:
 * a signed notification about a payment nobody has, recorded after them, is read from Mercado Pago
 * (the table's stream is read in order), and then the queues are emptied.
 */
async function notificationsHandled(): Promise<void> {
  const dataId = String(randomInt(1_000_000_000, 9_999_999_999));
  const requestId = randomUUID();
  expect((await postMercadoPago(dataId, { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature(dataId, requestId) })).status).toBe(200);
  await eventually(async () => ((await sandbox.mercadoPagoCalls(`GET /v1/payments/${dataId}`)) ? true : undefined));
  await pipelinesDrained(ports, ['payments-sync']);
}

describe('webhooks', () => {
  it('refuse unsigned, forged and stale Stripe events with 400, and record none of them', async () => {
    const { who, subscriptionId } = await stripeSubscriber('pag-forja');
    const id = `evt_forjado_${randomUUID().slice(0, 8)}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });
    const cases = [
      ['unsigned', undefined],
      ['signed with another secret', sandbox.stripeSignature(payload, { secret: 'whsec_outro' })],
      ['signed ten minutes ago (a replay)', sandbox.stripeSignature(payload, { at: Math.floor(Date.now() / 1000) - 600 })],
      ['signed over another body', sandbox.stripeSignature(payload.replace('deleted', 'updated'))],
      ['with a garbled header', 'isto-nao-e-uma-assinatura'],
    ] as const;
    for (const [name, signature] of cases) {
      const response = await postStripe(payload, signature);
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { message: string }).message, name).toBe('Assinatura do webhook inválida.');
    }
    expect(await table.item({ pk: `PAYNOTE#stripe#${id}`, sk: 'PAYNOTE' })).toBeUndefined();
    // The right secret, now: recorded once, and a second delivery is answered as a duplicate.
    const signed = sandbox.stripeSignature(payload);
    expect(await (await postStripe(payload, signed)).json()).toEqual({ received: true });
    expect(await (await postStripe(payload, sandbox.stripeSignature(payload))).json()).toEqual({ received: true, duplicate: true });
    // Even a correctly signed event changes only what Stripe itself says: the subscription is still active there.
    await notificationsHandled();
    expect(await subscription(who)).toMatchObject({ subscribed: true, subscription: { status: 'active' } });
  });

  it('refuse unsigned and forged Mercado Pago notifications with 400', async () => {
    const requestId = randomUUID();
    const cases = [
      ['unsigned', {}],
      ['signed with another secret', { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature('123', requestId, { secret: 'outro' }) }],
      ['signed for another payment', { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature('999', requestId) }],
      ['signed for another request', { 'x-request-id': randomUUID(), 'x-signature': sandbox.mercadoPagoSignature('123', requestId) }],
    ] as const;
    for (const [name, headers] of cases) {
      const response = await postMercadoPago('123', headers);
      expect(response.status, name).toBe(400);
    }
    // A notification about a payment Mercado Pago does not know is signed, recorded and then dropped by the worker.
    const fine = await postMercadoPago('123', { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature('123', requestId) });
    expect(fine.status).toBe(200);
  });

  it('refuse a Mercado Pago notification signed more than 5 minutes ago, and take a replayed one once: one record, one read of the provider', async () => {
    const dataId = String(randomInt(1_000_000_000, 9_999_999_999));
    const reads = () => sandbox.mercadoPagoCalls(`GET /v1/payments/${dataId}`);
    const requestId = randomUUID();
    const stale = await postMercadoPago(dataId, { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature(dataId, requestId, { ts: Math.floor(Date.now() / 1000) - 301 }) });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { message: string }).message).toBe('Assinatura do webhook inválida.');
    expect(await table.item({ pk: `PAYNOTE#mercadopago#${requestId}:${dataId}`, sk: 'PAYNOTE' })).toBeUndefined();
    // Signed now: recorded, and the worker reads the payment from Mercado Pago once.
    const headers = { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature(dataId, requestId) };
    const first = await postMercadoPago(dataId, headers);
    expect(await first.json()).toEqual({ received: true });
    await eventually(async () => ((await reads()) === 1 ? true : undefined));
    // The same signed headers again, with another body (the body is not signed): answered, not recorded.
    const replay = await postMercadoPago(dataId, headers);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // A new notification about the same payment is read once more; the replay in between added no read.
    const next = randomUUID();
    expect(await (await postMercadoPago(dataId, { 'x-request-id': next, 'x-signature': sandbox.mercadoPagoSignature(dataId, next) })).json()).toEqual({ received: true });
    await eventually(async () => ((await reads()) >= 2 ? true : undefined));
    expect(await reads()).toBe(2);
  });

  it('apply an event delivered twice, or replayed, once: one welcome e-mail, the same period', async () => {
    await sandbox.webhookMode('duplicate');
    const { who } = await stripeSubscriber('pag-dobro');
    const first = await subscription(who);
    const deliveries = (await sandbox.deliveries()).filter((delivery) => delivery.type === 'checkout.session.completed');
    const last = deliveries.at(-1)!;
    // The resend answers once the portal answered it (and every delivery before it, one chain per provider).
    await sandbox.control('webhooks/resend', { event_id: last.event_id });
    await notificationsHandled();
    expect(await subscription(who)).toEqual(first);
    const welcome = await eventually(async () => {
      const mails = (await mailsTo(mailApiUrl, who.email)).filter((mail) => mail.subject === 'Bem-vindo ao Premium do Portal Plural');
      return mails.length ? mails : undefined;
    });
    // The welcome e-mail follows the subscription's own event, a step after the notifications: no
    // signal marks a repeated one as skipped, so a short bounded wait before counting again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(welcome).toHaveLength(1);
    expect((await mailsTo(mailApiUrl, who.email)).filter((mail) => mail.subject === 'Bem-vindo ao Premium do Portal Plural')).toHaveLength(1);
  });

  it('never move a subscription backwards when events arrive out of order', async () => {
    const { who, subscriptionId } = await stripeSubscriber('pag-ordem');
    await sandbox.webhookMode('hold');
    await sandbox.stripe('POST', `subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    await sandbox.stripe('POST', `subscriptions/${subscriptionId}`, { cancel_at_period_end: 'false' });
    // The reactivation arrives first, then the older cancellation: Stripe's current state wins.
    await sandbox.releaseWebhooks('reverse');
    await notificationsHandled();
    const check = await subscription(who);
    expect(check.subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(check.subscribed).toBe(true);
  });
});

describe('Stripe subscriptions', () => {
  it('go incomplete → active, and check-subscription says so; the premium body is served exactly while entitled', async () => {
    const who = await member(portal, table, 'pag-stripe', 'Sílvia Stripe');
    expect(await subscription(who)).toEqual({ subscribed: false, product_id: null, subscription_end: null, subscription: null });
    expect(await readsPremium(who)).toBe(false);
    const session = await stripeCheckout(who);
    // A checkout not completed (left, expired, or its card declined) is no payment in progress: none shown.
    expect(await subscription(who)).toMatchObject({ subscribed: false, subscription: null });
    await sandbox.completeStripe(session, 'declined').catch(() => undefined);
    expect(await subscription(who)).toMatchObject({ subscribed: false, subscription: null });
    await sandbox.completeStripe(session);
    const active = await settles(who, (check) => check.subscribed);
    expect(active).toMatchObject({ product_id: 'premium', subscription: { status: 'active', cancel_at_period_end: false } });
    expect(Date.parse(String(active.subscription_end))).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(await readsPremium(who)).toBe(true);
    // A second checkout is refused while subscribed.
    const again = await portal.request('POST', '/api/checkout/stripe', { token: who.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Você já possui uma assinatura ativa.');
    const portalSession = await portal.request('POST', '/api/subscription/portal', { token: who.token });
    expect(portalSession.status).toBe(200);
    expect(String(portalSession.body.url)).toContain(`:${ports.stripe}/p/session/`);
  });

  it('cancelled keeps access to the end of the period, then ends when Stripe ends it', async () => {
    const { who, subscriptionId } = await stripeSubscriber('pag-cancela');
    await sandbox.stripe('POST', `subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    const cancelled = await settles(who, (check) => check.subscription?.status === 'cancelled');
    expect(cancelled.subscribed).toBe(true);
    expect(await readsPremium(who)).toBe(true);
    const mail = await eventually(async () => (await mailsTo(mailApiUrl, who.email)).find((found) => found.subject === 'Sua assinatura Premium foi cancelada'));
    expect(mail.text).toContain('Você continua com acesso');
    await sandbox.advanceClock(32);
    const ended = await settles(who, (check) => !check.subscribed);
    expect(ended.subscription).toMatchObject({ status: 'cancelled' });
    expect(await readsPremium(who)).toBe(false);
  });

  it('past due after a failed renewal (no access), active again once paid', async () => {
    const { who, subscriptionId } = await stripeSubscriber('pag-falha');
    await sandbox.control(`stripe/subscriptions/${subscriptionId}/fail-next-renewal`);
    await sandbox.advanceClock(32);
    const due = await settles(who, (check) => check.subscription?.status === 'past_due');
    expect(due.subscribed).toBe(false);
    expect(await readsPremium(who)).toBe(false);
    await eventually(async () => (await mailsTo(mailApiUrl, who.email)).find((found) => found.subject === 'Não conseguimos cobrar sua assinatura Premium'));
  });

  it('a refund ends it at once, at Stripe and here', async () => {
    const { who, subscriptionId } = await stripeSubscriber('pag-reembolso');
    await sandbox.control(`stripe/subscriptions/${subscriptionId}/refund`);
    const ended = await settles(who, (check) => !check.subscribed);
    expect(ended.subscription).toMatchObject({ status: 'cancelled' });
    expect((await sandbox.stripe('GET', `subscriptions/${subscriptionId}`)).status).toBe('canceled');
  });

  it('a checkout whose webhooks never came is repaired by the daily reconciliation', async () => {
    const who = await member(portal, table, 'pag-reconcilia', 'Rita Reconcilia');
    await sandbox.webhookMode('hold');
    await sandbox.completeStripe(await stripeCheckout(who));
    await notificationsHandled();
    expect((await subscription(who)).subscribed).toBe(false);
    // Other files' subscriptions, written straight in the table, are unknown to the sandbox: they count as failed, not this one.
    const report = await sandbox.reconcile(ports.events);
    expect(report.checked).toBeGreaterThan(0);
    expect((await subscription(who)).subscribed).toBe(true);
  });
});

describe('Mercado Pago subscriptions', () => {
  it('refuse a checkout for another price or plan', async () => {
    const who = await member(portal, table, 'pag-preco', 'Pedro Preço');
    for (const [body, message] of [
      [{ priceAmount: 1, plan: 'Premium', method: 'pix' }, 'O valor da assinatura Premium é R$ 50,00 por mês.'],
      [{ priceAmount: 50, plan: 'Gold', method: 'pix' }, 'Plano inválido.'],
      [{ priceAmount: 50, plan: 'Premium', method: 'cheque' }, 'Forma de pagamento inválida.'],
    ] as const) {
      const response = await portal.request('POST', '/api/checkout/mercadopago', { token: who.token, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });

  it('PIX shows its code and QR until paid, pays one month once, however often it is notified; a refund takes it back', async () => {
    const who = await member(portal, table, 'pag-pix', 'Paula Pix');
    const url = await mercadoPagoCheckout(who, 'pix');
    const paid = await sandbox.completeMercadoPago({ preference_id: url.searchParams.get('pref_id')!, method: 'pix' });
    // Issued, not paid: the reader sees what to pay, as Mercado Pago gave it, and gets it by e-mail.
    const waiting = await settles(who, (check) => Boolean(check.subscription?.pending_payment));
    const provided = (await sandbox.mercadoPago('GET', `/v1/payments/${String(paid.payment_id)}`)) as { point_of_interaction: { transaction_data: Record<string, string> } };
    const { qr_code, qr_code_base64, ticket_url } = provided.point_of_interaction.transaction_data;
    expect(waiting).toMatchObject({
      subscribed: false,
      subscription: { status: 'incomplete', method: 'pix', pending_payment: { payment_id: String(paid.payment_id), method: 'pix', amount: 50, code: qr_code, qr_base64: qr_code_base64, url: ticket_url } },
    });
    const mail = await eventually(async () => (await mailsTo(mailApiUrl, who.email)).find((message) => message.subject === 'Seu PIX do Portal Plural Premium'));
    expect(mail.text).toContain(qr_code!);
    expect(mail.text).toContain(ticket_url!);
    await sandbox.control(`mercadopago/payments/${String(paid.payment_id)}/approve`);
    const active = await settles(who, (check) => check.subscribed);
    expect(active.subscription?.pending_payment).toBeNull();
    expect(active.subscription).toMatchObject({ status: 'active', provider: 'mercadopago', method: 'pix' });
    const end = Date.parse(String(active.subscription_end));
    expect(end).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(end).toBeLessThan(Date.now() + 32 * DAY);
    // The same payment notified again (a replay with a fresh signature): still one month.
    const requestId = randomUUID();
    const paymentId = String(paid.payment_id);
    const reads = await sandbox.mercadoPagoCalls(`GET /v1/payments/${paymentId}`);
    expect((await postMercadoPago(paymentId, { 'x-request-id': requestId, 'x-signature': sandbox.mercadoPagoSignature(paymentId, requestId) })).status).toBe(200);
    // The worker reads the payment again, then has nothing to apply.
    await eventually(async () => ((await sandbox.mercadoPagoCalls(`GET /v1/payments/${paymentId}`)) > reads ? true : undefined));
    await pipelinesDrained(ports, ['payments-sync']);
    expect((await subscription(who)).subscription_end).toBe(active.subscription_end);
    expect(await readsPremium(who)).toBe(true);
    await sandbox.mercadoPago('POST', `/v1/payments/${paymentId}/refunds`, {});
    const refunded = await settles(who, (check) => !check.subscribed);
    expect(refunded.subscription).toMatchObject({ status: 'cancelled' });
    expect(await readsPremium(who)).toBe(false);
  });

  it('boleto stays incomplete until paid; near the end the reconciliation e-mails a new link once, and closes the month after it', async () => {
    const who = await member(portal, table, 'pag-boleto', 'Bruno Boleto');
    const url = await mercadoPagoCheckout(who, 'boleto');
    const issued = await sandbox.completeMercadoPago({ preference_id: url.searchParams.get('pref_id')!, method: 'boleto' });
    // The boleto to pay: its digitable line and link, in /settings and by e-mail.
    const waiting = await settles(who, (check) => Boolean(check.subscription?.pending_payment));
    const provided = (await sandbox.mercadoPago('GET', `/v1/payments/${String(issued.payment_id)}`)) as { transaction_details: { digitable_line: string; external_resource_url: string } };
    expect(waiting).toMatchObject({
      subscribed: false,
      subscription: { status: 'incomplete', method: 'boleto', pending_payment: { method: 'boleto', code: provided.transaction_details.digitable_line, url: provided.transaction_details.external_resource_url, qr_base64: null } },
    });
    const mail = await eventually(async () => (await mailsTo(mailApiUrl, who.email)).find((message) => message.subject === 'Seu boleto do Portal Plural Premium'));
    expect(mail.text).toContain(provided.transaction_details.digitable_line);
    await sandbox.control(`mercadopago/payments/${String(issued.payment_id)}/approve`);
    const active = await settles(who, (check) => check.subscribed);
    const end = Date.parse(String(active.subscription_end));
    // Three days before the end: one renewal notice with a payment link, whatever the runs.
    await sandbox.reconcile(ports.events, new Date(end - 3 * DAY).toISOString());
    await sandbox.reconcile(ports.events, new Date(end - 2 * DAY).toISOString());
    const notice = await eventually(async () => (await mailsTo(mailApiUrl, who.email)).find((mail) => mail.subject === 'Sua assinatura Premium termina em breve'));
    expect(notice.text).toMatch(new RegExp(`http://localhost:${ports.mercadoPago}/checkout/v1/redirect\\?pref_id=`));
    // The notice's e-mail follows its event from the table's stream: no signal marks a second one as
    // never coming, so a short bounded wait before counting again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await mailsTo(mailApiUrl, who.email)).filter((mail) => mail.subject === 'Sua assinatura Premium termina em breve')).toHaveLength(1);
    // A month ahead is too early to pay the next one (renewal opens in the last days).
    const renewal = await portal.request('POST', '/api/checkout/mercadopago', { token: who.token, body: { priceAmount: 50, plan: 'Premium', method: 'pix' } });
    expect(renewal.status).toBe(409);
    await sandbox.reconcile(ports.events, new Date(end + DAY).toISOString());
    expect((await subscription(who)).subscription).toMatchObject({ status: 'cancelled' });
  });

  it('card: authorized → active, a failed charge → past due, cancelled by the reader → access to the end', async () => {
    const who = await member(portal, table, 'pag-cartao', 'Carla Cartão');
    const url = await mercadoPagoCheckout(who, 'card');
    const preapprovalId = url.searchParams.get('preapproval_id')!;
    await sandbox.completeMercadoPago({ preapproval_id: preapprovalId, outcome: 'approved' });
    const active = await settles(who, (check) => check.subscribed);
    expect(active.subscription).toMatchObject({ status: 'active', provider: 'mercadopago', method: 'card', payment_provider_id: preapprovalId });
    // Stripe's portal is not for Mercado Pago subscribers.
    expect((await portal.request('POST', '/api/subscription/portal', { token: who.token })).status).toBe(409);
    const cancelled = await portal.request('POST', '/api/subscription/cancel', { token: who.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ subscribed: true, subscription: { status: 'cancelled', cancel_at_period_end: true } });
    expect((await sandbox.mercadoPago('GET', `/preapproval/${preapprovalId}`)).status).toBe('cancelled');
    expect((await portal.request('POST', '/api/subscription/cancel', { token: who.token })).status).toBe(409);

    const other = await member(portal, table, 'pag-cartao-falha', 'Caio Cartão');
    const otherUrl = await mercadoPagoCheckout(other, 'card');
    const otherId = otherUrl.searchParams.get('preapproval_id')!;
    await sandbox.completeMercadoPago({ preapproval_id: otherId, outcome: 'approved' });
    await settles(other, (check) => check.subscribed);
    await sandbox.control(`mercadopago/preapprovals/${otherId}/fail-next-payment`);
    await sandbox.advanceClock(32);
    const due = await settles(other, (check) => check.subscription?.status === 'past_due');
    expect(due.subscribed).toBe(false);
  });
});

describe('the admin list', () => {
  it('shows masters every subscription newest first, counts per status and both revenue figures', async () => {
    const denied = await portal.request('GET', '/api/admin/subscriptions', { token: author.token });
    expect(denied.status).toBe(403);
    const response = await portal.request('GET', '/api/admin/subscriptions', { token: master.token });
    expect(response.status, response.text).toBe(200);
    const list = response.body as { items: { full_name: string; created_at: string; provider: string }[]; counts: Record<string, number>; estimate: { per_active: number; total: number }; monthly_revenue: { price: number; total: number } };
    expect(list.items.length).toBeGreaterThan(5);
    const dates = list.items.map((item) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(list.items.map((item) => item.provider))).toEqual(new Set(['stripe', 'mercadopago']));
    expect(list.items.map((item) => item.full_name)).toContain('Carla Cartão');
    expect(list.estimate).toEqual({ per_active: 29.9, total: Math.round(list.counts.active! * 29.9 * 100) / 100 });
    expect(list.monthly_revenue).toEqual({ price: 50, total: list.counts.active! * 50 });
    expect(list.counts.cancelled).toBeGreaterThan(0);
  });
});
