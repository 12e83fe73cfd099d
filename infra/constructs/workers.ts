// The event-driven workers, in a nested stack of their own (AWS::CloudFormation::Stack): the portal's
// bus with the outbox publisher and every pipeline (rule -> queue + DLQ -> worker), the scheduled jobs,
// and the workers of the directly fed queues. CloudFormation counts at most 500 resources per stack
// (nested stacks each have their own 500), and the workers are most of the portal's resources.
//
// References run one way only: the workers use the root's table, buckets, user pool, distribution,
// secrets, SES identity, WebSocket stage and ingest queues (CDK passes each as a parameter of the
// nested stack), and grant their own roles access to them (identity policies, on the nested side);
// nothing in the root names a resource of this stack. What the root's functions need (the ingest
// queues they send to, with their URLs and SendMessage grants) stays in the root (ingest-queues.ts).
import { NestedStack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { IngestQueues } from './ingest-queues';
import type { GrantTargets } from './permissions';
import { Pipelines } from './pipelines';
import { Schedules } from './schedules';

export interface WorkersProps extends GrantTargets {
  table: dynamodb.ITable;
  environment: Record<string, string>;
  /** The root's ingest queues: their workers are made here, beside the pipelines'. */
  ingest: IngestQueues;
}

export class Workers extends NestedStack {
  readonly pipelines: Pipelines;
  readonly schedules: Schedules;

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id, { description: 'Portal Plural: event-driven workers (bus, outbox publisher, pipelines, scheduled jobs, queue workers)' });
    const { ingest, ...resources } = props;
    this.pipelines = new Pipelines(this, 'Pipelines', resources);
    this.schedules = new Schedules(this, 'Schedules', resources);
    ingest.addWorkers(this, resources);
  }

  /**
   * SendMessage on every pipeline's queue for the root's function that moves DLQ messages back (the
   * operations context): a policy of this stack attached to that role, so the root names nothing here.
   */
  grantRedrive(role: iam.IRole): void {
    const queues = [...this.pipelines.workers.values()].map(({ queue }) => queue.queueArn);
    new iam.Policy(this, 'DeadLetterRedrive', { roles: [role], statements: [new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: queues })] });
  }
}
