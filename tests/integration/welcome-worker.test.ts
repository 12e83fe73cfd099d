// The mail worker against the runtime's real DynamoDB, SES stand-in and mail catcher: redelivery sends nothing twice,
// and a first attempt that fails, or dies in the middle of the send, does not lose the e-mail.
import '../support/in-process-handlers';
import { createHash, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SendMail } from '../../lambdas/mail/welcome-worker';
import { deliveredMailsTo, uniqueEmail } from '../support/api';
import { workerRuntime } from '../support/worker-runtime';

const { mailApiUrl, ports } = workerRuntime();
type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
let handler: Worker;
let welcomeWorker: (send: SendMail) => Worker;

beforeAll(async () => {
  // The table's settings come from in-process-handlers; the mail's are the worker's own.
  Object.assign(process.env, {
    SITE_URL: 'http://localhost:3000',
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.ses}`,
    MAIL_FROM: 'Portal Plural <nao-responda@portal.local>',
  });
  const worker = await import('../../lambdas/mail/welcome-worker');
  handler = worker.handler;
  welcomeWorker = worker.welcomeWorker;
});

function record(body: unknown): SQSRecord {
  return { messageId: randomUUID(), body: JSON.stringify(body) } as SQSRecord;
}

function batch(...bodies: unknown[]): SQSEvent {
  return { Records: bodies.map(record) };
}

/** What Lambda passes: above all the time left before the function is stopped. */
function lambdaContext(remainingMs = 10_000): Context {
  const deadline = Date.now() + remainingMs;
  return { functionName: 'welcome-worker', awsRequestId: randomUUID(), getRemainingTimeInMillis: () => deadline - Date.now() } as Context;
}

function signedUp(email: string) {
  return {
    'detail-type': 'UserSignedUp',
    source: 'portal.users',
    detail: { user_id: randomUUID(), email, full_name: 'Otávio Reis', created_at: new Date().toISOString() },
  };
}

/** The idempotency record of a user's welcome mail (lambdas/DATA.md). */
async function idempotencyRecord(userId: string) {
  const hash = createHash('md5').update(JSON.stringify(userId)).digest('base64');
  const table = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const { Item } = await table.send(new GetCommand({ TableName: 'portal', Key: { pk: 'IDEMPOTENCY', sk: `welcome-mail#${hash}` }, ConsistentRead: true }));
  return Item;
}

/** Every handler call has returned, so SES has accepted each send it made: all of them, caught, are one. */
async function expectOneMail(email: string) {
  expect(await deliveredMailsTo(ports, mailApiUrl, email)).toHaveLength(1);
}

describe('the welcome mail worker', () => {
  it('sends one e-mail however many times the same event is delivered', async () => {
    const email = uniqueEmail('repetido');
    const event = signedUp(email);
    expect(await handler(batch(event), lambdaContext())).toEqual({ batchItemFailures: [] });
    expect(await handler(batch(event, event), lambdaContext())).toEqual({ batchItemFailures: [] });
    await expectOneMail(email);
  });

  it('reports only the bad message of a batch as failed', async () => {
    const good = record(signedUp(uniqueEmail('bom')));
    const bad = record({ 'detail-type': 'UserSignedUp', detail: { email: 'sem-id' } });
    const result = await handler({ Records: [good, bad] }, lambdaContext());
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: bad.messageId }]);
  });

  it('sends the e-mail on the redelivery when the first send fails, and nothing on the next one', async () => {
    const email = uniqueEmail('falhou');
    const event = signedUp(email);
    const failing = welcomeWorker(() => Promise.reject(new Error('SES indisponível')));
    expect((await failing(batch(event), lambdaContext())).batchItemFailures).toHaveLength(1);
    expect(await handler(batch(event), lambdaContext())).toEqual({ batchItemFailures: [] });
    expect(await handler(batch(event), lambdaContext())).toEqual({ batchItemFailures: [] });
    await expectOneMail(email);
  });

  it('sends the e-mail once when the first attempt dies in the middle of the send', async () => {
    const email = uniqueEmail('interrompido');
    const event = signedUp(email);
    // The first attempt reaches the send and never returns, as when Lambda stops it at its timeout.
    let reachedSend!: () => void;
    const sending = new Promise<void>((resolve) => (reachedSend = resolve));
    const dying = welcomeWorker(() => {
      reachedSend();
      return new Promise<void>(() => undefined);
    });
    const stopped = dying(batch(event), lambdaContext(1_000)).then(
      () => 'returned',
      (error: Error) => error.name,
    );
    await sending;

    const inProgress = await idempotencyRecord(event.detail.user_id);
    expect(inProgress).toMatchObject({ status: 'INPROGRESS' });
    // Until the dying attempt's deadline a redelivery may not send (it could still be sending)...
    expect((await handler(batch(event), lambdaContext())).batchItemFailures).toHaveLength(1);
    // Middy gives up on the attempt at the Lambda deadline; its in-progress record expires with it.
    expect(await stopped).toBe('TimeoutError');
    // A clock wait kept on purpose: what is tested is the record's own expiry, at the deadline this test
    // gave the dying attempt (a second at most, mostly spent already).
    await new Promise((resolve) => setTimeout(resolve, Number(inProgress!.in_progress_expiration) - Date.now() + 50));
    // ...after it, the redelivery sends, and the one after that sends nothing new.
    expect(await handler(batch(event), lambdaContext())).toEqual({ batchItemFailures: [] });
    expect(await handler(batch(event), lambdaContext())).toEqual({ batchItemFailures: [] });
    await expectOneMail(email);

    const completed = await idempotencyRecord(event.detail.user_id);
    expect(completed).toMatchObject({ status: 'COMPLETED', data: { user_id: event.detail.user_id } });
    // Kept for 30 days through the table's TTL attribute, long after any redelivery.
    expect(Number(completed!.expires_at)).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });
});
