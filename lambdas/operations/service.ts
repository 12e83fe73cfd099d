// The failure drill's reads and the redrive. Peeking receives with a short visibility timeout and sets
// it back to 0 at once: the messages stay in the DLQ, only their receive count grows (as in the SQS
// console's "poll for messages"). The redrive is SQS's own message move task (the local SQS stand-in
// implements StartMessageMoveTask and ListMessageMoveTasks): each message goes back to the queue it
// came from, with no copy left behind.
import {
  ChangeMessageVisibilityBatchCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListMessageMoveTasksCommand,
  ReceiveMessageCommand,
  StartMessageMoveTaskCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import { OPERATIONS_MESSAGES, PEEK_LIMIT, dlqInAlarm, type DeadLetterMessage, type DeadLetterQueueStatus, type RedriveStarted, type RedriveTask } from '../../shared/operations';
import { recordAudit } from '../audit/public';
import { sqs } from '../platform/clients';
import { conflict, notFound } from '../platform/errors';
import { requireMaster } from '../users/public';
import { DEAD_LETTER_QUEUES, deadLetterQueueNamed, type DeadLetterQueue } from './dead-letters';

/** Long enough to read a page of messages before they are released again. */
const PEEK_VISIBILITY_SECONDS = 30;

const urls = new Map<string, Promise<string>>();
function urlOf(dlq: DeadLetterQueue): Promise<string> {
  let url = urls.get(dlq.queue);
  if (!url) {
    url = sqs()
      .send(new GetQueueUrlCommand({ QueueName: dlq.queue }))
      .then((answer) => answer.QueueUrl!);
    // A failed lookup is tried again next time.
    url.catch(() => urls.delete(dlq.queue));
    urls.set(dlq.queue, url);
  }
  return url;
}

function findQueue(name: string): DeadLetterQueue {
  const dlq = deadLetterQueueNamed(name);
  if (!dlq) throw notFound(OPERATIONS_MESSAGES.queueNotFound);
  return dlq;
}

async function attributes(url: string) {
  const { Attributes = {} } = await sqs().send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'QueueArn'] }),
  );
  return { depth: Number(Attributes.ApproximateNumberOfMessages ?? 0), inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0), arn: Attributes.QueueArn ?? '' };
}

function toMessage(message: Message): DeadLetterMessage {
  const attributes = message.Attributes ?? {};
  const sent = Number(attributes.SentTimestamp);
  return {
    id: message.MessageId ?? '',
    body: message.Body ?? '',
    sent_at: Number.isFinite(sent) && sent > 0 ? new Date(sent).toISOString() : null,
    receive_count: Number(attributes.ApproximateReceiveCount ?? 0),
    attributes: attributes as Record<string, string>,
  };
}

/** Up to `limit` messages, oldest first, left in the queue (visible again as soon as they are read). */
async function peek(url: string, limit: number): Promise<DeadLetterMessage[]> {
  const read: Message[] = [];
  while (read.length < limit) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: Math.min(10, limit - read.length),
        VisibilityTimeout: PEEK_VISIBILITY_SECONDS,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
        // The deprecated spelling too: the local SQS stand-in reads only that one (SQS takes both).
        AttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    if (!Messages.length) break;
    read.push(...Messages);
  }
  for (let start = 0; start < read.length; start += 10) {
    await sqs().send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: url,
        Entries: read.slice(start, start + 10).map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle!, VisibilityTimeout: 0 })),
      }),
    );
  }
  return read.map(toMessage).sort((a, b) => (a.sent_at ?? '').localeCompare(b.sent_at ?? ''));
}

async function latestRedrive(arn: string): Promise<RedriveTask | null> {
  const { Results = [] } = await sqs().send(new ListMessageMoveTasksCommand({ SourceArn: arn, MaxResults: 1 }));
  const task = Results[0];
  if (!task) return null;
  return {
    status: (task.Status ?? 'COMPLETED') as RedriveTask['status'],
    moved: Number(task.ApproximateNumberOfMessagesMoved ?? 0),
    to_move: Number(task.ApproximateNumberOfMessagesToMove ?? 0),
    started_at: new Date(Number(task.StartedTimestamp ?? 0)).toISOString(),
    ...(task.FailureReason ? { failure: task.FailureReason } : {}),
  };
}

async function statusOf(dlq: DeadLetterQueue, now: number): Promise<DeadLetterQueueStatus> {
  const url = await urlOf(dlq);
  const { depth, inFlight, arn } = await attributes(url);
  // SQS tells no message's age but by reading it: only a DLQ with messages is read.
  const oldest = depth > 0 ? (await peek(url, PEEK_LIMIT))[0]?.sent_at : undefined;
  return {
    name: dlq.name,
    context: dlq.context,
    kind: dlq.kind,
    queue: dlq.queue,
    source: dlq.source,
    depth,
    in_flight: inFlight,
    oldest_age_seconds: oldest ? Math.max(0, Math.round((now - Date.parse(oldest)) / 1000)) : null,
    alarm: dlqInAlarm(depth),
    redrive: dlq.source ? await latestRedrive(arn) : null,
  };
}

/** Every DLQ, those in alarm first (then by name). */
export async function listDeadLetterQueues(userId: string): Promise<DeadLetterQueueStatus[]> {
  await requireMaster(userId);
  const now = Date.now();
  const all = await Promise.all(DEAD_LETTER_QUEUES.map((dlq) => statusOf(dlq, now)));
  return all.sort((a, b) => Number(b.alarm) - Number(a.alarm) || a.name.localeCompare(b.name));
}

export async function readDeadLetters(userId: string, name: string): Promise<DeadLetterMessage[]> {
  await requireMaster(userId);
  return peek(await urlOf(findQueue(name)), PEEK_LIMIT);
}

/** Moves every message of the DLQ back to its source queue, and records who did it. */
export async function redrive(userId: string, name: string): Promise<RedriveStarted> {
  await requireMaster(userId);
  const dlq = findQueue(name);
  if (!dlq.source) throw conflict(OPERATIONS_MESSAGES.notRedrivable);
  const { depth, arn } = await attributes(await urlOf(dlq));
  if (depth === 0) throw conflict(OPERATIONS_MESSAGES.empty);
  if ((await latestRedrive(arn))?.status === 'RUNNING') throw conflict(OPERATIONS_MESSAGES.redriveRunning);
  // No DestinationArn: each message goes back to the queue it was dead-lettered from.
  await sqs().send(new StartMessageMoveTaskCommand({ SourceArn: arn }));
  await recordAudit({
    event_type: 'QUEUE_REDRIVE',
    action: 'redrive_dead_letter_queue',
    user_id: userId,
    target_type: 'queue',
    target_id: dlq.name,
    details: { queue: dlq.name, messages: depth },
  });
  return { name: dlq.name, to_move: depth };
}
