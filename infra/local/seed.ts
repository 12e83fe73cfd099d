// Demo accounts and articles for the local portal. Accounts and covers go through the same service
// functions the API uses; articles through the same store write, backdated so the feed looks
// lived-in; then the same regeneration of the sitemaps and feeds the feeds worker runs.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSync } from 'otplib';
import { slugify } from '../../shared/articles';
import { cityByCode, primaryLocationOf } from '../../shared/cities';
import type { Role } from '../../shared/roles';
import { DEMO_ARTICLES, type DemoArticle } from './demo-articles';
import { coverPng } from './demo-covers';
import { seedEvents } from './demo-events';
import { seedStoryIdeas } from './demo-story-ideas';
import { sleep } from './wait';

export const DEMO_PASSWORD = 'Portal123';

export interface DemoAccount {
  email: string;
  fullName: string;
  roles: Role[];
  subscriber?: boolean;
  bio: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'master@portal.local', fullName: 'Marina Albuquerque', roles: ['master'], bio: 'Diretora de redação do Portal Plural.' },
  { email: 'editor@portal.local', fullName: 'Eduardo Nascimento', roles: ['editor'], bio: 'Editor de Cidades e Política.' },
  { email: 'autor@portal.local', fullName: 'Ana Beatriz Costa', roles: ['author'], bio: 'Repórter de cultura e comportamento em Recife.' },
  { email: 'assinante@portal.local', fullName: 'Sérgio Pereira', roles: [], subscriber: true, bio: '' },
  { email: 'leitor@portal.local', fullName: 'Lúcia Fernandes', roles: [], bio: '' },
];

/** Where the seed keeps the demo staff's authenticator keys, in the data folder. */
export const demoTotpFile = (dataDir: string) => path.join(dataDir, 'demo-totp.json');

/** The demo staff's authenticator keys, by e-mail, as the seed left them (the start banner prints them). */
export function readDemoTotp(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * The API opens staff routes only to accounts with an authenticator app (TOTP): each demo staff member
 * gets one through Cognito's own calls, as a person in /settings would, and the API's re-check records
 * it. Returns the key (base32) to add to an app, or to read codes from with `npm run totp`.
 */
async function enrolDemoTotp(userId: string, email: string): Promise<string> {
  const { cognito } = await import('../../lambdas/platform/clients');
  const { AssociateSoftwareTokenCommand, InitiateAuthCommand, SetUserMFAPreferenceCommand, VerifySoftwareTokenCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const users = await import('../../lambdas/users/service');
  const signedIn = await cognito().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: process.env.USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  );
  const token = signedIn.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`${email}: a sign-in sem código não devolveu token (${signedIn.ChallengeName ?? 'sem desafio'})`);
  const { SecretCode: secret } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
  if (!secret) throw new Error(`${email}: AssociateSoftwareToken sem chave`);
  await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: generateSync({ secret }), FriendlyDeviceName: 'demonstração' }));
  await cognito().send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  await users.refreshMfa(userId);
  return secret;
}

export interface SeedPayments {
  stripeSecretKey: string;
  /** Runs a scheduled job now (the runtime's schedules). */
  runSchedule(name: string): Promise<unknown>;
}

/**
 * The demo subscriber's subscription, made as a real one: a customer and a card subscription in the
 * Stripe sandbox (as a saved test card would), then read back by the daily reconciliation, the same
 * code that repairs a webhook that never came.
 */
async function seedSubscription(userId: string, account: DemoAccount, payments: SeedPayments): Promise<void> {
  const store = await import('../../lambdas/payments/store');
  const { stripeClient } = await import('../../lambdas/payments/stripe');
  const stripe = stripeClient(payments.stripeSecretKey);
  const now = new Date().toISOString();
  const id = randomUUID();
  const record = {
    id,
    user_id: userId,
    status: 'incomplete' as const,
    provider: 'stripe' as const,
    method: 'card' as const,
    product_id: 'premium',
    payment_provider_id: null,
    current_period_start: null,
    current_period_end: null,
    cancel_at_period_end: false,
    created_at: now,
    updated_at: now,
    email: account.email,
    full_name: account.fullName,
    customer_id: null,
    checkout_id: null,
    synced_at: null,
    last_charge_at: null,
    pending_payment: null,
  };
  await store.insertSubscription(record);
  const customer = await stripe.customers.create({ email: account.email, name: account.fullName, metadata: { user_id: userId } });
  await store.saveStripeCustomer(userId, customer.id, now);
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price_data: { currency: 'brl', unit_amount: 5000, recurring: { interval: 'month' }, product: 'prod_portal_premium' } }],
    metadata: { user_id: userId, subscription_id: id },
  });
  await store.setCheckout(record, subscription.id, subscription.id, now);
  await payments.runSchedule('payments-reconcile');
}

/** Seeds the demo accounts; safe to run again (existing accounts are kept as they are). The staff's TOTP keys go to `totpFile`. */
export async function seedDemo(log: (line: string) => void, payments: SeedPayments, totpFile: string): Promise<void> {
  // Imported late: the service modules read the environment the runtime has just set.
  const users = await import('../../lambdas/users/service');
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    try {
      const { user_id } = await users.signUp({ email: account.email, password: DEMO_PASSWORD, fullName: account.fullName });
      ids.set(account.email, user_id);
      if (account.bio) await users.updateProfile(user_id, { full_name: account.fullName, bio: account.bio, avatar_url: '', payment_account: '' });
    } catch (error) {
      if ((error as { status?: number }).status === 409) continue; // already there
      throw error;
    }
  }
  const masterId = ids.get('master@portal.local');
  if (masterId) {
    await users.claimMaster(masterId).catch((error: { status?: number }) => {
      if (error.status === 409) log('Já existe um master: a conta master@portal.local ficou sem o papel master.');
      else throw error;
    });
  }
  const now = new Date();
  const totp = readDemoTotp(totpFile);
  for (const account of DEMO_ACCOUNTS) {
    const userId = ids.get(account.email);
    if (!userId) continue;
    for (const role of account.roles.filter((role) => role !== 'master')) await users.assignRole(userId, role, masterId ?? userId);
    if (account.subscriber) await seedSubscription(userId, account, payments);
    if (account.roles.length > 0) totp[account.email] = await enrolDemoTotp(userId, account.email);
  }
  writeFileSync(totpFile, JSON.stringify(totp, null, 2));
  const authors: Record<DemoArticle['author'], string | undefined> = {
    autor: ids.get('autor@portal.local'),
    editor: ids.get('editor@portal.local'),
    master: masterId,
  };
  await seedArticles(authors, now, log);
  await seedEvents(authors, now, log, { upload: uploadCover, ready: (urls) => variantsOf(urls, log) });
  await seedStoryIdeas(authors, now, log);
  // The sitemaps and feeds are there as soon as the portal opens, without waiting for the worker.
  const { regenerateSiteFiles } = await import('../../lambdas/feeds/regenerate');
  await regenerateSiteFiles();
  log(`Conteúdo de demonstração: ${DEMO_ARTICLES.length} artigos.`);
}

/** Uploads a cover as the editor does (presigned PUT, then confirm); the cover-variants worker takes it from there. */
async function uploadCover(authorId: string, png: Buffer): Promise<string> {
  const media = await import('../../lambdas/media/service');
  const upload = await media.startCoverUpload(authorId, { content_type: 'image/png', size: png.length });
  const response = await fetch(upload.upload_url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(png) });
  if (!response.ok) throw new Error(`Envio da capa de demonstração falhou (${response.status})`);
  return (await media.confirmCoverUpload(authorId, { key: upload.key })).url;
}

/** Each cover's variant widths once the worker has written them (it runs beside the seed); [] for any still missing at the deadline. */
async function variantsOf(urls: string[], log: (line: string) => void, timeoutMs = 60_000): Promise<Map<string, number[]>> {
  const { coverVariants } = await import('../../lambdas/media/public');
  const found = new Map<string, number[]>();
  const deadline = Date.now() + timeoutMs;
  while (found.size < urls.length && Date.now() < deadline) {
    for (const url of urls.filter((candidate) => !found.has(candidate))) {
      const widths = await coverVariants(url);
      if (widths.length) found.set(url, widths);
    }
    if (found.size < urls.length) await sleep(250);
  }
  if (found.size < urls.length) log(`${urls.length - found.size} capas de demonstração ficaram sem variantes WebP (mostram o original).`);
  return found;
}

/**
 * Writes the demo articles with locally generated covers, uploaded and confirmed like any other, so
 * the worker makes their WebP variants; the articles are saved once those exist. Published ones reach
 * the SEO worker as any other.
 */
async function seedArticles(authors: Record<DemoArticle['author'], string | undefined>, now: Date, log: (line: string) => void): Promise<void> {
  const store = await import('../../lambdas/articles/article-store');
  const { sanitizeArticleHtml } = await import('../../lambdas/articles/sanitize');
  const day = 24 * 3600 * 1000;
  const covers = new Map<number, string>();
  // One at a time: an upload key is the author's id and the millisecond.
  for (const [index, demo] of DEMO_ARTICLES.entries()) {
    const authorId = authors[demo.author];
    if (!authorId || !cityByCode(demo.city_code)) continue;
    // A master claimed before the seed leaves master@portal.local without a writing role: no cover then.
    const cover = await uploadCover(authorId, coverPng(demo.cover, index)).catch((error: { status?: number }) => {
      if (error.status === 403) return '';
      throw error;
    });
    covers.set(index, cover);
  }
  const variants = await variantsOf([...covers.values()].filter(Boolean), log);
  for (const [index, demo] of DEMO_ARTICLES.entries()) {
    const authorId = authors[demo.author];
    const city = cityByCode(demo.city_code);
    const cover = covers.get(index);
    if (!authorId || !city || cover === undefined) continue;
    const slug = slugify(demo.title);
    // A few hours apart within the day, so the feed order is stable and plausible.
    const published = new Date(now.getTime() - demo.days_ago * day - (index % 5) * 3600 * 1000).toISOString();
    const created = new Date(new Date(published).getTime() - 2 * day).toISOString();
    const isPublished = demo.status === 'published';
    await store.saveArticle(
      undefined,
      {
        id: randomUUID(),
        slug,
        title: demo.title,
        summary: demo.summary,
        content: sanitizeArticleHtml(demo.content),
        cover_image: cover,
        cover_variants: variants.get(cover) ?? [],
        visibility: demo.visibility,
        status: demo.status,
        author_id: authorId,
        tags: demo.tags,
        locations: [primaryLocationOf(city)],
        location_path: city.path,
        ai_last_updated: null,
        published_at: isPublished ? published : null,
        created_at: isPublished ? created : published,
        updated_at: published,
        version: 1,
      },
      authorId,
    );
  }
}
