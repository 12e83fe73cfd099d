// Every dead-letter queue the stack builds, found from the contracts (never a hand list): one per
// pipeline and ingestion queue (caught from their source queue: redrivable), one per scheduled job
// (failed runs) and the outbox publisher's (abandoned stream records). No AWS SDK here: the CDK stack
// and the local runtime read it too.
import { INGEST_QUEUES, PIPELINES, SCHEDULES } from '../contexts';
import type { DeadLetterKind } from '../../shared/operations';

export interface DeadLetterQueue {
  name: string;
  context: string;
  kind: DeadLetterKind;
  /** The DLQ's name, on AWS as locally. */
  queue: string;
  /** The source queue's name locally (on AWS CloudFormation names it); null for a job's or the outbox's. */
  source: string | null;
}

/** portal-<name>-dlq: fixed names, so the operations function finds each DLQ by name without a reference to it. */
export const deadLetterQueueName = (name: string): string => `portal-${name}-dlq`;
export const sourceQueueName = (name: string): string => `portal-${name}`;
/** The outbox publisher's DLQ, by the name its entry has. */
export const OUTBOX_DLQ = 'outbox';

function build(): DeadLetterQueue[] {
  const all: DeadLetterQueue[] = [
    ...PIPELINES.map((p) => ({ name: p.name, context: p.context as string, kind: 'pipeline' as const, queue: deadLetterQueueName(p.name), source: sourceQueueName(p.name) })),
    ...INGEST_QUEUES.map((q) => ({ name: q.name, context: q.context as string, kind: 'queue' as const, queue: deadLetterQueueName(q.name), source: sourceQueueName(q.name) })),
    ...SCHEDULES.map((s) => ({ name: s.name, context: s.context as string, kind: 'job' as const, queue: deadLetterQueueName(s.name), source: null })),
    { name: OUTBOX_DLQ, context: 'outbox', kind: 'outbox', queue: deadLetterQueueName(OUTBOX_DLQ), source: null },
  ];
  const seen = new Set<string>();
  for (const dlq of all) {
    if (seen.has(dlq.queue)) throw new Error(`Two dead-letter queues are named ${dlq.queue}: rename the pipeline, queue or job`);
    // SQS names: 80 characters at most.
    if (dlq.queue.length > 80) throw new Error(`${dlq.queue} is longer than SQS's 80 characters`);
    seen.add(dlq.queue);
  }
  return all;
}

export const DEAD_LETTER_QUEUES: readonly DeadLetterQueue[] = build();

export const deadLetterQueueNamed = (name: string): DeadLetterQueue | undefined => DEAD_LETTER_QUEUES.find((dlq) => dlq.name === name);
