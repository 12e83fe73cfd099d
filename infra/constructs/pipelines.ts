// Domain events: the table stream feeds the outbox publisher, which puts events on the portal's bus;
// each pipeline of PIPELINES is a rule -> SQS queue (+DLQ) -> worker Lambda with partial batch responses.
// A pipeline with `bus: 'default'` has its rule on the account's default bus (AWS services' events).
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { contextNamed, PIPELINES, type Pipeline } from '../../lambdas/contexts';
import { deadLetterQueueName, OUTBOX_DLQ } from '../../lambdas/operations/dead-letters';
import { EVENT_BUS_NAME, OUTBOX_RETRY_ATTEMPTS } from '../../lambdas/platform/contract';
import { environmentFor, grantPermissions, type GrantTargets } from './permissions';
import { PortalFunction } from './portal-function';
import { pascal } from './settings';

export interface PipelinesProps extends GrantTargets {
  table: dynamodb.ITable;
  environment: Record<string, string>;
}

export const QUEUE_DEFAULTS = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } satisfies sqs.QueueProps;
export const DLQ_RETENTION = Duration.days(14);
/** The bounds of an SQS event source's maximum concurrency on AWS. */
export const MAX_CONCURRENCY_RANGE = { min: 2, max: 1000 } as const;

export class Pipelines extends Construct {
  readonly bus: events.EventBus;
  /** The account's default bus, imported when a pipeline's rule sits on it. */
  private defaultBus?: events.IEventBus;
  readonly publisher: PortalFunction;
  readonly publisherDlq: sqs.Queue;
  readonly workers = new Map<string, { queue: sqs.Queue; dlq: sqs.Queue; rule: events.Rule; worker: PortalFunction }>();

  constructor(scope: Construct, id: string, props: PipelinesProps) {
    super(scope, id);

    this.bus = new events.EventBus(this, 'Bus', { eventBusName: EVENT_BUS_NAME });

    this.publisher = new PortalFunction(this, 'Publisher', {
      context: 'outbox',
      file: 'publisher',
      description: 'Turns committed table changes into domain events on the portal bus',
      environment: props.environment,
      timeout: Duration.seconds(30),
    });
    this.bus.grantPutEventsTo(this.publisher.role);
    // Records the publisher gave up on (after retries and bisection) land here for inspection.
    this.publisherDlq = new sqs.Queue(this, 'PublisherDlq', { ...QUEUE_DEFAULTS, queueName: deadLetterQueueName(OUTBOX_DLQ), retentionPeriod: DLQ_RETENTION });
    this.publisher.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        retryAttempts: OUTBOX_RETRY_ATTEMPTS,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.publisherDlq),
      }),
    );

    for (const pipeline of PIPELINES) this.addPipeline(pipeline, props);
  }

  private addPipeline(pipeline: Pipeline, props: PipelinesProps): void {
    const context = contextNamed(pipeline.context);
    const id = pascal(pipeline.name);
    const { maxConcurrency } = pipeline;
    if (maxConcurrency !== undefined && !(Number.isInteger(maxConcurrency) && maxConcurrency >= MAX_CONCURRENCY_RANGE.min && maxConcurrency <= MAX_CONCURRENCY_RANGE.max)) {
      throw new Error(
        `Pipeline ${pipeline.name}: maxConcurrency ${maxConcurrency} is outside ${MAX_CONCURRENCY_RANGE.min}–${MAX_CONCURRENCY_RANGE.max}, what an SQS event source accepts on AWS (leave it unset for no limit)`,
      );
    }
    // Named (portal-<name>-dlq): the operations function finds it by name (lambdas/operations/dead-letters.ts).
    const dlq = new sqs.Queue(this, `${id}Dlq`, { ...QUEUE_DEFAULTS, queueName: deadLetterQueueName(pipeline.name), retentionPeriod: DLQ_RETENTION });
    const queue = new sqs.Queue(this, `${id}Queue`, {
      ...QUEUE_DEFAULTS,
      visibilityTimeout: Duration.seconds(pipeline.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: dlq, maxReceiveCount: pipeline.maxReceiveCount },
    });
    const rule = new events.Rule(this, `${id}Rule`, {
      eventBus: pipeline.bus === 'default' ? (this.defaultBus ??= events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')) : this.bus,
      description: `${pipeline.name}: ${pipeline.pattern['detail-type'].join(', ')}`,
      eventPattern: { source: pipeline.pattern.source, detailType: pipeline.pattern['detail-type'] },
      targets: [new targets.SqsQueue(queue)],
    });

    const worker = new PortalFunction(this, `${id}Worker`, {
      context: pipeline.context,
      file: pipeline.file,
      description: `Worker of the ${pipeline.name} pipeline`,
      environment: environmentFor(context.environment, props.environment),
      // AWS's advice: the queue's visibility timeout at least six times the function timeout.
      timeout: Duration.seconds(Math.max(3, Math.floor(pipeline.visibilityTimeoutSeconds / 6))),
      memorySize: pipeline.memorySize,
      nodeModules: pipeline.nodeModules,
    });
    props.table.grantReadWriteData(worker.role);
    grantPermissions(worker, pipeline.permissions ?? context.permissions, props);
    worker.fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: pipeline.batchSize,
        // Batches above 10 messages need a batching window.
        maxBatchingWindow: pipeline.batchWindowSeconds ? Duration.seconds(pipeline.batchWindowSeconds) : pipeline.batchSize > 10 ? Duration.seconds(1) : undefined,
        reportBatchItemFailures: true,
        maxConcurrency,
      }),
    );
    this.workers.set(pipeline.name, { queue, dlq, rule, worker });
  }
}
