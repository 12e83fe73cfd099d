// The mail worker against the runtime's real DynamoDB and mail catcher: redelivery sends nothing twice.
import { randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, mailsTo, uniqueEmail } from '../support/api';

const { mailApiUrl, ports } = inject('runtime');
let handler: (event: SQSEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;

beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
    TABLE_NAME: 'portal',
    SITE_URL: 'http://localhost:3000',
    MAIL_FROM: 'Portal Plural <nao-responda@portal.local>',
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(ports.smtp),
  });
  ({ handler } = await import('../../lambdas/mail/welcome-worker'));
});

function record(body: unknown): SQSRecord {
  return { messageId: randomUUID(), body: JSON.stringify(body) } as SQSRecord;
}

function signedUp(email: string) {
  return {
    'detail-type': 'UserSignedUp',
    source: 'portal.users',
    detail: { user_id: randomUUID(), email, full_name: 'Otávio Reis', created_at: new Date().toISOString() },
  };
}

describe('the welcome mail worker', () => {
  it('sends one e-mail however many times the same event is delivered', async () => {
    const email = uniqueEmail('repetido');
    const event = signedUp(email);
    expect(await handler({ Records: [record(event)] })).toEqual({ batchItemFailures: [] });
    expect(await handler({ Records: [record(event), record(event)] })).toEqual({ batchItemFailures: [] });
    await eventually(async () => ((await mailsTo(mailApiUrl, email)).length ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(mailApiUrl, email)).toHaveLength(1);
  });

  it('reports only the bad message of a batch as failed', async () => {
    const good = record(signedUp(uniqueEmail('bom')));
    const bad = record({ 'detail-type': 'UserSignedUp', detail: { email: 'sem-id' } });
    const result = await handler({ Records: [good, bad] });
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: bad.messageId }]);
  });
});
