// Queues a context's own functions send to (INGEST_QUEUES: page-view beacons), each with its DLQ and
// the worker that drains it; no rule in between. The queues (and SendMessage for their senders) are in
// the root stack, beside the HTTP functions that have their URLs in their environment; the workers are
// made in the workers' nested stack (workers.ts), given as the scope of addWorkers, so that nothing in
// the root names them. Two steps, because the context's functions need the queue's URL in their
// environment and the worker needs the stack's environment, which they complete.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { contextNamed, INGEST_QUEUES } from '../../lambdas/contexts';
import { deadLetterQueueName } from '../../lambdas/operations/dead-letters';
import type { EnvName } from '../../lambdas/platform/env';
import { environmentFor, grantPermissions, type GrantTargets } from './permissions';
import { DLQ_RETENTION, MAX_CONCURRENCY_RANGE, QUEUE_DEFAULTS } from './pipelines';
import { PortalFunction } from './portal-function';
import { pascal } from './settings';

export interface IngestWorkersProps extends GrantTargets {
  table: dynamodb.ITable;
  environment: Record<string, string>;
}

export class IngestQueues extends Construct {
  readonly queues = new Map<string, { queue: sqs.Queue; dlq: sqs.Queue; worker?: PortalFunction }>();

  constructor(scope: Construct, id: string) {
    super(scope, id);
    for (const spec of INGEST_QUEUES) {
      const name = pascal(spec.name);
      const dlq = new sqs.Queue(this, `${name}Dlq`, { ...QUEUE_DEFAULTS, queueName: deadLetterQueueName(spec.name), retentionPeriod: DLQ_RETENTION });
      const queue = new sqs.Queue(this, `${name}Queue`, {
        ...QUEUE_DEFAULTS,
        visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: dlq, maxReceiveCount: spec.maxReceiveCount },
      });
      this.queues.set(spec.name, { queue, dlq });
    }
  }

  /** Each queue's URL under the variable its context reads. */
  get environment(): Partial<Record<EnvName, string>> {
    return Object.fromEntries(INGEST_QUEUES.map((spec) => [spec.urlVariable, this.queues.get(spec.name)!.queue.queueUrl]));
  }

  /** SendMessage on each queue for its context's HTTP function (the contexts' HTTP functions by name). */
  grantSenders(senders: ReadonlyMap<string, PortalFunction>): void {
    for (const spec of INGEST_QUEUES) {
      const sender = senders.get(spec.context);
      if (sender) this.queues.get(spec.name)!.queue.grantSendMessages(sender.role);
    }
  }

  /** SendMessage on every queue, for the function that moves their DLQ's messages back (StartMessageMoveTask sends as its caller). */
  grantRedrive(role: iam.IRole): void {
    for (const { queue } of this.queues.values()) queue.grantSendMessages(role);
  }

  /** Second step: the workers, made under `Ingest` in `scope` (the workers' nested stack). */
  addWorkers(scope: Construct, props: IngestWorkersProps): void {
    const workers = new Construct(scope, 'Ingest');
    for (const spec of INGEST_QUEUES) {
      const entry = this.queues.get(spec.name)!;
      const context = contextNamed(spec.context);
      const { maxConcurrency } = spec;
      if (maxConcurrency !== undefined && (maxConcurrency < MAX_CONCURRENCY_RANGE.min || maxConcurrency > MAX_CONCURRENCY_RANGE.max)) {
        throw new Error(`Queue ${spec.name}: maxConcurrency ${maxConcurrency} is outside ${MAX_CONCURRENCY_RANGE.min}–${MAX_CONCURRENCY_RANGE.max}`);
      }
      const worker = new PortalFunction(workers, `${pascal(spec.name)}Worker`, {
        context: spec.context,
        file: spec.file,
        description: `Worker of the ${spec.name} queue`,
        environment: environmentFor(context.environment, props.environment),
        timeout: Duration.seconds(Math.max(3, Math.floor(spec.visibilityTimeoutSeconds / 6))),
      });
      props.table.grantReadWriteData(worker.role);
      grantPermissions(worker, spec.permissions ?? context.permissions, props);
      worker.fn.addEventSource(
        new SqsEventSource(entry.queue, {
          batchSize: spec.batchSize,
          maxBatchingWindow: spec.batchWindowSeconds ? Duration.seconds(spec.batchWindowSeconds) : undefined,
          reportBatchItemFailures: true,
          maxConcurrency,
        }),
      );
      entry.worker = worker;
    }
  }
}
