// Scheduled jobs: each entry of SCHEDULES is an EventBridge schedule rule (portal-<name>, cron in UTC)
// invoking a function of its context, with the context's environment, permissions and table access.
// A run that still fails after its retries (or an event the rule could not deliver) lands in the
// job's DLQ for inspection, like the pipelines' messages.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { contextNamed, SCHEDULES, type Schedule } from '../../lambdas/contexts';
import { deadLetterQueueName } from '../../lambdas/operations/dead-letters';
import { environmentFor, grantPermissions, type GrantTargets } from './permissions';
import { DLQ_RETENTION, QUEUE_DEFAULTS } from './pipelines';
import { PortalFunction } from './portal-function';
import { pascal } from './settings';

export interface SchedulesProps extends GrantTargets {
  table: dynamodb.ITable;
  environment: Record<string, string>;
}

// A job must be safe to run again (the reconciliation reads the current state and notices once).
const RETRY_ATTEMPTS = 2;
// Past this a run is given up (to the DLQ): the next scheduled run follows.
const MAX_EVENT_AGE = Duration.hours(6);

export class Schedules extends Construct {
  readonly jobs = new Map<string, { rule: events.Rule; dlq: sqs.Queue; job: PortalFunction }>();

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const schedule of SCHEDULES) this.addSchedule(schedule, props);
  }

  private addSchedule(schedule: Schedule, props: SchedulesProps): void {
    const context = contextNamed(schedule.context);
    const id = pascal(schedule.name);
    const dlq = new sqs.Queue(this, `${id}Dlq`, { ...QUEUE_DEFAULTS, queueName: deadLetterQueueName(schedule.name), retentionPeriod: DLQ_RETENTION });

    const job = new PortalFunction(this, `${id}Job`, {
      context: schedule.context,
      file: schedule.file,
      description: schedule.description,
      environment: environmentFor(context.environment, props.environment),
      timeout: Duration.seconds(schedule.timeoutSeconds),
      memorySize: schedule.memorySize,
      nodeModules: schedule.nodeModules,
    });
    props.table.grantReadWriteData(job.role);
    grantPermissions(job, context.permissions, props);
    // EventBridge invokes asynchronously: the function's errors are retried by Lambda, not the rule.
    job.fn.configureAsyncInvoke({ retryAttempts: RETRY_ATTEMPTS, maxEventAge: MAX_EVENT_AGE, onFailure: new SqsDestination(dlq) });

    const rule = new events.Rule(this, `${id}Rule`, {
      ruleName: `portal-${schedule.name}`,
      description: `${schedule.name}: ${schedule.description}`.slice(0, 512),
      schedule: events.Schedule.cron({ minute: schedule.cron.minute, hour: schedule.cron.hour }),
      targets: [new targets.LambdaFunction(job.fn, { retryAttempts: RETRY_ATTEMPTS, maxEventAge: MAX_EVENT_AGE, deadLetterQueue: dlq })],
    });
    this.jobs.set(schedule.name, { rule, dlq, job });
  }
}
