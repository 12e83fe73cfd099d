// The failure drill (admin › Filas com falha): the dead-letter queues as the master reads them, and the
// alarm's rule, shared by the CloudWatch alarm on AWS (infra/constructs/monitoring.ts) and the API.

/** A DLQ is in alarm from this many visible messages: any message is something nobody handled. */
export const DLQ_ALARM_THRESHOLD = 1;

/** The same rule as the CloudWatch alarm (ApproximateNumberOfMessagesVisible ≥ threshold). */
export const dlqInAlarm = (visible: number): boolean => visible >= DLQ_ALARM_THRESHOLD;

/** What fed the DLQ: a pipeline's or ingestion queue's worker (redrivable), a scheduled job or the outbox publisher. */
export type DeadLetterKind = 'pipeline' | 'queue' | 'job' | 'outbox';

export interface RedriveTask {
  status: 'RUNNING' | 'COMPLETED' | 'CANCELLING' | 'CANCELLED' | 'FAILED';
  moved: number;
  to_move: number;
  started_at: string;
  failure?: string;
}

export interface DeadLetterQueueStatus {
  /** The pipeline's, queue's or job's name ('outbox' for the publisher's). */
  name: string;
  context: string;
  kind: DeadLetterKind;
  /** The DLQ's own name (portal-<name>-dlq). */
  queue: string;
  /** The queue its messages go back to; null when they came from no queue (a job, the outbox). */
  source: string | null;
  /** Messages waiting (what the alarm counts). */
  depth: number;
  /** Messages being read right now (a peek, a redrive). */
  in_flight: number;
  /** Age of the oldest message read, in seconds; null when empty. */
  oldest_age_seconds: number | null;
  alarm: boolean;
  /** The latest redrive of this DLQ (SQS's message move task), if any. */
  redrive: RedriveTask | null;
}

export interface DeadLetterMessage {
  id: string;
  body: string;
  sent_at: string | null;
  receive_count: number;
  /** SQS's system attributes as it returns them (SentTimestamp, DeadLetterQueueSourceArn…). */
  attributes: Record<string, string>;
}

export interface RedriveStarted {
  name: string;
  /** Messages in the DLQ when the move started. */
  to_move: number;
}

/** How many messages a peek reads at most (the oldest age is taken among them). */
export const PEEK_LIMIT = 20;

export const OPERATIONS_MESSAGES = {
  queueNotFound: 'Fila não encontrada.',
  notRedrivable: 'As mensagens desta fila não vieram de outra fila: rode o trabalho de novo em vez de reenviar.',
  empty: 'A fila está vazia: não há mensagens para reenviar.',
  redriveRunning: 'Já há um reenvio em andamento nesta fila. Aguarde ele terminar.',
} as const;
