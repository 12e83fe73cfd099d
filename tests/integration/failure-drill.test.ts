// The failure drill, against the runtime's real SQS, EventBridge, SES stand-in and mail catcher: SES
// dies in the middle of the welcome-mail worker's work, the message that could not be sent is retried
// its contract's 5 receives (a few seconds apart here instead of 60, in a runtime of its own:
// tests/integration/drill-setup.ts) and lands in portal-welcome-mail-dlq; the
// admin API shows it with the alarm's rule firing, reads it without removing it, and once SES is back
// the master's redrive (SQS's message move task) sends it back: the e-mail goes out once, the DLQ is
// empty, the alarm is off, and the audit log names who did it.
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINES } from '../../lambdas/contexts';
import { OPERATIONS_MESSAGES, type DeadLetterMessage, type DeadLetterQueueStatus } from '../../shared/operations';
import type { AuditLogEntry } from '../../web/src/features/admin/api/admin';
import { deliveredMailsTo, eventually, uniqueEmail } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { DRILL_PIPELINE, DRILL_RETRY_SECONDS } from './drill-setup';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, mailApiUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
// The SQS stand-in: the gateway's port + 4 (infra/local/config.ts), the local account.
const sqsEndpoint = `http://127.0.0.1:${ports.gateway + 4}`;
const sqs = new SQSClient({ endpoint: sqsEndpoint, region: 'us-east-1', credentials });
const bus = new EventBridgeClient({ endpoint: `http://127.0.0.1:${ports.events}`, region: 'us-east-1', credentials });
/** The SES stand-in's outage switch (infra/local/ses.ts DRILL_OUTAGE_PATH). */
const outage = `http://127.0.0.1:${ports.ses}/_drill/ses-outage`;

const PIPELINE = PIPELINES.find((pipeline) => pipeline.name === DRILL_PIPELINE)!;
const MAIL_PIPELINES = PIPELINES.filter((pipeline) => pipeline.context === 'mail').map((pipeline) => pipeline.name);
/** Every receive but the last waits out the visibility timeout: then the stand-in moves it on the next receive. */
const TO_DLQ_MS = DRILL_RETRY_SECONDS * PIPELINE.maxReceiveCount * 1000 + 60_000;

let master: Member;
let reader: Member;

beforeAll(async () => {
  [master, reader] = await Promise.all([
    member(portal, table, 'drill-master', 'Marta Plantão', { roles: ['master'] }),
    member(portal, table, 'drill-leitor', 'Lia Leitora'),
  ]);
  // Their own welcome mails have gone out, and nothing else is on its way to SES before it fails.
  await Promise.all([master, reader].map((who) => eventually(async () => ((await deliveredMailsTo(ports, mailApiUrl, who.email)).length ? true : undefined), 30_000)));
  await pipelinesDrained(ports, MAIL_PIPELINES, 60_000);
});

afterAll(async () => {
  await fetch(outage, { method: 'DELETE' });
  sqs.destroy();
  bus.destroy();
});

async function api<T>(method: string, path: string, who: Member = master, status = 200): Promise<T> {
  const response = await portal.request(method, path, { token: who.token });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
  return response.body as T;
}

const queues = async () => (await api<{ items: DeadLetterQueueStatus[] }>('GET', '/api/admin/queues')).items;
const welcomeDlq = async () => (await queues()).find((queue) => queue.name === PIPELINE.name)!;

/** What SQS itself says of the DLQ (the test's own reading, beside the API's). */
async function dlqDepth(): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: `${sqsEndpoint}/000000000000/portal-${PIPELINE.name}-dlq`, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  return Number(Attributes.ApproximateNumberOfMessages ?? 0);
}

function signedUp(email: string) {
  return {
    EventBusName: 'portal-events',
    Source: 'portal.users',
    DetailType: 'UserSignedUp',
    Detail: JSON.stringify({ user_id: randomUUID(), email, full_name: 'Pessoa do Simulado', created_at: new Date().toISOString() }),
  };
}

const mailsTo = async (email: string) => (await deliveredMailsTo(ports, mailApiUrl, email)).length;

describe('the failure drill', () => {
  it('lists every DLQ the contracts imply to masters only, none in alarm before the drill', async () => {
    const all = await queues();
    expect(all.map((queue) => queue.name)).toContain(PIPELINE.name);
    expect(all).toHaveLength(new Set(all.map((queue) => queue.queue)).size);
    expect(await welcomeDlq()).toMatchObject({ kind: 'pipeline', source: `portal-${PIPELINE.name}`, depth: 0, alarm: false, oldest_age_seconds: null });
    await api('GET', '/api/admin/queues', reader, 403);
    await api('GET', `/api/admin/queues/${PIPELINE.name}/messages`, reader, 403);
    await api('POST', `/api/admin/queues/${PIPELINE.name}/redrive`, reader, 403);
  });

  it(
    'sees the message SES could not send reach the DLQ, reads it, sends it back once SES is up: one e-mail, empty DLQ, an audit entry',
    async () => {
      const [one, other] = [uniqueEmail('simulado-a'), uniqueEmail('simulado-b')];
      // One more send goes through, then SES is down: whichever of the two the worker takes second fails.
      await fetch(outage, { method: 'POST', body: JSON.stringify({ after: 1 }) });
      await bus.send(new PutEventsCommand({ Entries: [signedUp(one), signedUp(other)] }));

      await eventually(async () => ((await dlqDepth()) === 1 ? true : undefined), TO_DLQ_MS);
      const sent = [await mailsTo(one), await mailsTo(other)];
      expect(sent.sort()).toEqual([0, 1]);
      const dead = (await mailsTo(one)) === 0 ? one : other;
      const done = dead === one ? other : one;

      // The alarm's rule fires on the queue, and the oldest message has an age.
      const alarmed = await welcomeDlq();
      expect(alarmed).toMatchObject({ depth: 1, alarm: true });
      expect(alarmed.oldest_age_seconds).toBeGreaterThanOrEqual(0);
      expect((await queues())[0]!.alarm).toBe(true);

      // Read twice: the message stays.
      for (let read = 0; read < 2; read++) {
        const { items } = await api<{ items: DeadLetterMessage[] }>('GET', `/api/admin/queues/${PIPELINE.name}/messages`);
        expect(items).toHaveLength(1);
        expect((JSON.parse(items[0]!.body) as { detail: { email: string } }).detail.email).toBe(dead);
        expect(items[0]!.sent_at).not.toBeNull();
      }
      expect(await dlqDepth()).toBe(1);

      await fetch(outage, { method: 'DELETE' });
      expect(await api('POST', `/api/admin/queues/${PIPELINE.name}/redrive`, master, 202)).toEqual({ name: PIPELINE.name, to_move: 1 });
      // A second click while the first moves the message starts nothing more.
      const again = await portal.request('POST', `/api/admin/queues/${PIPELINE.name}/redrive`, { token: master.token });
      expect(again.status).toBe(409);
      expect([OPERATIONS_MESSAGES.redriveRunning, OPERATIONS_MESSAGES.empty]).toContain(again.body.message);

      await eventually(async () => ((await mailsTo(dead)) === 1 ? true : undefined), 60_000);
      await pipelinesDrained(ports, [PIPELINE.name], 60_000);
      expect(await dlqDepth()).toBe(0);
      const after = await welcomeDlq();
      expect(after).toMatchObject({ depth: 0, alarm: false, oldest_age_seconds: null, redrive: { status: 'COMPLETED', moved: 1, to_move: 1 } });
      // Exactly once each: the redriven one, and the one sent before SES failed.
      expect(await mailsTo(dead)).toBe(1);
      expect(await mailsTo(done)).toBe(1);

      const { items } = await api<{ items: AuditLogEntry[] }>('GET', '/api/admin/audit');
      const entries = items.filter((entry) => entry.action === 'redrive_dead_letter_queue' && entry.target_id === PIPELINE.name);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ event_type: 'QUEUE_REDRIVE', user_id: master.id, user_name: 'Marta Plantão', target_type: 'queue', details: { queue: PIPELINE.name, messages: 1 } });
    },
    TO_DLQ_MS + 180_000,
  );

  it('refuses to redrive what came from no queue, an empty DLQ and a name it does not know', async () => {
    const job = (await queues()).find((queue) => queue.kind === 'job')!;
    expect((await portal.request('POST', `/api/admin/queues/${job.name}/redrive`, { token: master.token })).body.message).toBe(OPERATIONS_MESSAGES.notRedrivable);
    const empty = await portal.request('POST', `/api/admin/queues/${PIPELINE.name}/redrive`, { token: master.token });
    expect([empty.status, empty.body.message]).toEqual([409, OPERATIONS_MESSAGES.empty]);
    const unknown = await portal.request('GET', '/api/admin/queues/nao-existe/messages', { token: master.token });
    expect([unknown.status, unknown.body.message]).toEqual([404, OPERATIONS_MESSAGES.queueNotFound]);
  });
});
