// The newsletter's send to 10,000 subscribers, end to end on the local runtime: from the master's
// "send" to the last e-mail accepted by SES (the local SES v2 stand-in), through the audience worker,
// the batches on SQS and the paced batch workers. Run twice: once at a configured send rate
// (MAIL_SEND_RATE, as SES's account limit would be), once with the rate set far above what the
// machine can do, which shows our code's own ceiling — the paced run is bounded by the rate when
// that ceiling is well above it. `npm run bench:newsletter [-- --subscribers 10000 --rate 100]`
// prints one JSON report on stdout; progress goes to stderr.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { claimItem, subscriberItem } from '../../lambdas/newsletter/items';
import { newSubscriber } from '../../lambdas/newsletter/lifecycle';
import type { NewsletterSend, EditionArticle } from '../../shared/newsletter';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../infra/local/seed';
import { PortalClient } from '../support/api';
import { startRuntime } from '../support/runtime';
import { log, round } from './util';

const { values: options } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '100' },
    ceiling: { type: 'string', default: '100000' },
  },
});
const SUBSCRIBERS = Number(options.subscribers);
const MASTER = DEMO_ACCOUNTS.find((account) => account.roles.includes('master'))!.email;
/** The local runtime's table (infra/local/config.ts). */
const TABLE = 'portal';

/**
 * The audience, written straight into the table as the master's "add" writes it (an active subscriber
 * and its e-mail claim; such an insert emits no event): through the API it is one transaction per
 * address, minutes for 10,000 on DynamoDB Local, and not what is measured here.
 */
async function addSubscribers(dynamodbPort: number, count: number) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: `http://127.0.0.1:${dynamodbPort}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const started = Date.now();
  const now = new Date();
  const items = Array.from({ length: count }, (_, index) => {
    const record = newSubscriber({ id: randomUUID(), email: `leitor-${index}@bench.portal.local`, name: null, source: 'admin', status: 'active', consent: null }, now);
    return [subscriberItem(record), claimItem(record)];
  }).flat();
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) => items.slice(index * 25, index * 25 + 25));
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
        requests = (result.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return round((Date.now() - started) / 1000, 1);
}

/** Sends an edition and follows it until every e-mail has gone; progress samples every second. */
async function sendAndFollow(client: PortalClient, token: string) {
  const articles = await client.request('GET', '/api/newsletter/articles', { token });
  const recent = (articles.body.recent as EditionArticle[] | undefined) ?? [];
  if (!recent.length) throw new Error('no published article to feature');
  const edition = { subject: 'Bench: as notícias da semana', intro: 'Edição de medida.', pick: 'chosen', article_ids: recent.slice(0, 3).map((article) => article.id) };
  const started = Date.now();
  const queued = await client.request('POST', '/api/newsletter/sends', { token, body: edition });
  if (queued.status !== 202) throw new Error(`send: ${queued.status} ${queued.text}`);
  const id = (queued.body.send as NewsletterSend).id;
  const samples: { s: number; sent: number }[] = [];
  let firstSentAt: number | null = null;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const send = (await client.request('GET', `/api/newsletter/sends/${id}`, { token })).body as unknown as NewsletterSend;
    const elapsed = (Date.now() - started) / 1000;
    if (firstSentAt === null && send.sent_to_count > 0) firstSentAt = elapsed;
    samples.push({ s: round(elapsed, 1), sent: send.sent_to_count });
    if (samples.length % 10 === 0) log(`  ${send.sent_to_count} of ${send.audience_count} sent after ${round(elapsed)} s`);
    if (send.status === 'sent') {
      const seconds = (Date.parse(send.finished_at ?? new Date().toISOString()) - Date.parse(send.sent_at)) / 1000;
      // The steady rate: between the first and the last second that saw e-mails go.
      const sending = samples.filter((sample) => sample.sent > 0 && sample.sent < send.sent_to_count);
      const steady = sending.length > 1 ? (sending.at(-1)!.sent - sending[0]!.sent) / (sending.at(-1)!.s - sending[0]!.s) : null;
      return {
        audience: send.audience_count,
        sent: send.sent_to_count,
        seconds_end_to_end: round(seconds, 1),
        emails_per_second: round(send.sent_to_count / seconds, 1),
        steady_emails_per_second: steady === null ? null : round(steady, 1),
        first_email_after_s: firstSentAt,
        progress: samples.filter((_, index) => index % 5 === 0),
      };
    }
    if (elapsed > 1800) throw new Error(`send ${id} not finished after 30 minutes`);
  }
}

async function run(rate: number) {
  process.env.MAIL_SEND_RATE = String(rate);
  log(`runtime with MAIL_SEND_RATE=${rate}...`);
  const runtime = await startRuntime();
  try {
    const client = new PortalClient(runtime.baseUrl);
    const { accessToken } = await client.signIn(MASTER, DEMO_PASSWORD);
    log(`adding ${SUBSCRIBERS} active subscribers...`);
    const addSeconds = await addSubscribers(runtime.ports.dynamodb, SUBSCRIBERS);
    log('sending...');
    const send = await sendAndFollow(client, accessToken);
    return { configured_rate: rate, bound_by_rate_s: round(SUBSCRIBERS / rate, 1), add_subscribers_s: addSeconds, ...send };
  } finally {
    await runtime.stop();
  }
}

const paced = await run(Number(options.rate));
const ceiling = await run(Number(options.ceiling));
process.stdout.write(
  `${JSON.stringify(
    {
      subscribers: SUBSCRIBERS,
      paced,
      unpaced: ceiling,
      bounded_by_rate: paced.steady_emails_per_second !== null && paced.steady_emails_per_second <= paced.configured_rate * 1.05 && (ceiling.steady_emails_per_second ?? 0) > paced.configured_rate,
    },
    null,
    2,
  )}\n`,
);
