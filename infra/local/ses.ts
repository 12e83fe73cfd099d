// The SES v2 stand-in: aws-ses-v2-local takes the SendEmail calls and forwards every e-mail to maildev;
// in front of it, a small proxy plays the configuration set's EventBridge destination: after a send
// that names a configuration set, SES's events go on the default bus (source aws.ses), with the
// mailbox simulator's answers for its bounce and complaint addresses.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { localUrl, type LocalConfig } from './config';

const require = createRequire(import.meta.url);

const SEND_EMAIL_PATH = '/v2/email/outbound-emails';
/** The stand-in's own path (not SES's) that turns the failure drill's outage on and off. */
export const DRILL_OUTAGE_PATH = '/_drill/ses-outage';
/** PutEvents takes at most this many entries a call. */
const PUT_EVENTS_MAX = 10;
// Headers that belong to each hop, not to the request.
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'expect', 'keep-alive']);

/** aws-ses-v2-local, in its own process: its SMTP_TRANSPORT (where it forwards mail) stays out of the runtime's environment. */
export function startSesBackend(config: LocalConfig): ChildProcess {
  const bin = path.join(path.dirname(require.resolve('aws-ses-v2-local/package.json')), 'dist/cli.js');
  return spawn(process.execPath, [bin, '--host', '127.0.0.1', '--port', String(config.ports.sesBackend)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SMTP_TRANSPORT: JSON.stringify({ host: '127.0.0.1', port: config.ports.smtp, secure: false, ignoreTLS: true }) },
  });
}

/** The part of SES v2 SendEmail's request the events tell of. */
export interface SentEmail {
  ConfigurationSetName?: string;
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Headers?: { Name: string; Value: string }[] } };
  EmailTags?: { Name: string; Value: string }[];
}

type Outcome = 'Delivery' | 'Bounce' | 'Complaint';

const DETAIL_TYPES: Record<'Send' | Outcome, string> = {
  Send: 'Email Sent',
  Delivery: 'Email Delivered',
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
};

/** 'Ana <ana@x.com>' → 'ana@x.com'. */
const bareAddress = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim();

/** What SES's mailbox simulator does with a recipient (labels as in bounce+label@ are kept by SES too). */
function outcomeOf(recipient: string): Outcome {
  const [local = '', domain = ''] = recipient.toLowerCase().split('@');
  if (domain !== 'simulator.amazonses.com') return 'Delivery';
  const box = local.split('+')[0];
  return box === 'bounce' ? 'Bounce' : box === 'complaint' ? 'Complaint' : 'Delivery';
}

/** The events SES puts on the default bus for one accepted send, in the shape its event destination gives them. */
export function sesEvents(request: SentEmail, messageId: string, config: Pick<LocalConfig, 'region' | 'accountId'>, now = new Date()): PutEventsRequestEntry[] {
  const configurationSet = request.ConfigurationSetName;
  if (!configurationSet) return [];
  const timestamp = now.toISOString();
  const source = request.FromEmailAddress ?? '';
  const destination = [...(request.Destination?.ToAddresses ?? []), ...(request.Destination?.CcAddresses ?? []), ...(request.Destination?.BccAddresses ?? [])];
  const tags: Record<string, string[]> = {
    'ses:configuration-set': [configurationSet],
    'ses:from-domain': [bareAddress(source).split('@')[1] ?? ''],
    'ses:source-ip': ['127.0.0.1'],
    ...Object.fromEntries((request.EmailTags ?? []).map((tag) => [tag.Name, [tag.Value]])),
  };
  const mail = {
    timestamp,
    source,
    sendingAccountId: config.accountId,
    messageId,
    destination,
    headersTruncated: false,
    headers: (request.Content?.Simple?.Headers ?? []).map((header) => ({ name: header.Name, value: header.Value })),
    commonHeaders: { from: [source], to: request.Destination?.ToAddresses ?? [], messageId, subject: request.Content?.Simple?.Subject?.Data ?? '' },
    tags,
  };
  const event = (eventType: 'Send' | Outcome, facts: Record<string, unknown>): PutEventsRequestEntry => ({
    EventBusName: 'default',
    Source: 'aws.ses',
    DetailType: DETAIL_TYPES[eventType],
    Resources: [`arn:aws:ses:${config.region}:${config.accountId}:configuration-set/${configurationSet}`],
    Detail: JSON.stringify({ eventType, mail, ...facts }),
  });
  const feedbackId = `${messageId}-feedback`;
  const outcomes = destination.flatMap((address) => {
    const recipient = bareAddress(address);
    const outcome = outcomeOf(recipient);
    if (outcome === 'Bounce') {
      return [
        event('Bounce', {
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
            timestamp,
            feedbackId,
          },
        }),
      ];
    }
    const delivered = event('Delivery', {
      delivery: { timestamp, processingTimeMillis: 0, recipients: [recipient], smtpResponse: '250 2.6.0 Message received', reportingMTA: 'localhost' },
    });
    // A complaint comes from a mailbox the message reached.
    if (outcome === 'Complaint') {
      return [
        delivered,
        event('Complaint', {
          complaint: { complainedRecipients: [{ emailAddress: recipient }], complaintFeedbackType: 'abuse', arrivalDate: timestamp, timestamp, feedbackId },
        }),
      ];
    }
    return [delivered];
  });
  return [event('Send', { send: {} }), ...outcomes];
}

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_HEADERS.has(name) && value !== undefined) forwarded[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return forwarded;
}

/** The endpoint the SDK's SESv2Client reaches: every call forwarded to aws-ses-v2-local, then the send's events put on the bus. */
export function startSes(config: LocalConfig): Promise<Server> {
  const bus = new EventBridgeClient({ endpoint: localUrl(config.ports.events), region: config.region });
  const publish = async (entries: PutEventsRequestEntry[]) => {
    for (let start = 0; start < entries.length; start += PUT_EVENTS_MAX) {
      await bus.send(new PutEventsCommand({ Entries: entries.slice(start, start + PUT_EVENTS_MAX) }));
    }
  };
  // The failure drill's switch (POST DRILL_OUTAGE_PATH {"after": n}: n more sends go through, then every
  // SendEmail fails as during an SES outage, until DELETE): a worker's dependency dying mid-batch.
  let outage: { after: number } | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        if (request.url === DRILL_OUTAGE_PATH) {
          outage = request.method === 'DELETE' ? undefined : { after: Number((JSON.parse(body.toString('utf8') || '{}') as { after?: number }).after ?? 0) };
          response.writeHead(204).end();
          return;
        }
        if (outage && request.method === 'POST' && request.url === SEND_EMAIL_PATH && outage.after-- <= 0) {
          response.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' });
          response.end(JSON.stringify({ message: 'Service Unavailable (failure drill)' }));
          return;
        }
        const upstream = await fetch(`${localUrl(config.ports.sesBackend)}${request.url ?? '/'}`, {
          method: request.method,
          headers: forwardedHeaders(request.headers),
          body: body.length ? body : undefined,
        });
        const answer = Buffer.from(await upstream.arrayBuffer());
        response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        response.end(answer);
        if (request.method !== 'POST' || request.url !== SEND_EMAIL_PATH || !upstream.ok) return;
        // As on AWS, the events come after the send's answer, on their own.
        const { MessageId } = JSON.parse(answer.toString('utf8')) as { MessageId: string };
        await publish(sesEvents(JSON.parse(body.toString('utf8')) as SentEmail, MessageId, config)).catch((error: unknown) =>
          console.error(`[ses] events of ${MessageId} not put on the bus: ${(error as Error).message}`),
        );
      })().catch((error: unknown) => {
        if (response.headersSent) return;
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ __type: 'InternalFailure', message: (error as Error).message }));
      });
    });
  });
  return new Promise((resolve) => server.listen(config.ports.ses, '127.0.0.1', () => resolve(server)));
}
