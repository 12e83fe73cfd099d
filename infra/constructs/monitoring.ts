// Alarms that reach a person, and one CloudWatch dashboard per concern. Nothing here is a hand list:
// every function and queue the stack builds from the contracts (lambdas/contexts.ts) is found in the
// maps the constructs keep, so a context's workers, queues and jobs get their alarms by being declared.
//
// A nested stack of the workers' nested stack: that stack already receives the root's resources as
// parameters and owns the rest, so everything monitored is named here without the root ever naming a
// nested resource (workers.ts), and ~170 alarms stay out of the other stacks' 500-resource budgets.
// CloudFront's metrics exist only in us-east-1: its alarm is the edge alarms stack's (edge-alarms-stack.ts).
import { Duration, NestedStack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ContextName } from '../../lambdas/contexts';
import { WEB_ACL_NAME } from '../edge-firewall-stack';
import { AlarmTopic } from './alarm-topic';
import type { PortalFunction } from './portal-function';
import { EDGE_REGION } from './settings';

export const CONCERNS = ['reading', 'newsroom', 'money', 'mail', 'pipelines'] as const;
export type Concern = (typeof CONCERNS)[number];

/** Whose dashboard a context's functions and queues are on: a new context must pick one (typed). */
export const CONCERN_OF: Record<ContextName | 'outbox', Concern> = {
  system: 'reading',
  users: 'reading',
  pages: 'reading',
  search: 'reading',
  menu: 'reading',
  events: 'reading',
  analytics: 'reading',
  privacy: 'reading',
  articles: 'newsroom',
  editorial: 'newsroom',
  media: 'newsroom',
  feeds: 'newsroom',
  notifications: 'newsroom',
  live: 'newsroom',
  analysis: 'newsroom',
  applications: 'newsroom',
  quality: 'newsroom',
  audit: 'newsroom',
  storyboard: 'newsroom',
  imports: 'newsroom',
  payments: 'money',
  mail: 'mail',
  newsletter: 'mail',
  outbox: 'pipelines',
};

export type FunctionKind = 'http' | 'renderer' | 'socket' | 'worker' | 'queue-worker' | 'job' | 'publisher';

export interface MonitoredFunction {
  /** Unique among the monitored functions: 'http-articles', 'worker-welcome-mail', 'job-payments-reconcile'. */
  id: string;
  kind: FunctionKind;
  fn: PortalFunction;
}

export interface MonitoredQueue {
  /** The pipeline's, queue's or job's name (and 'outbox' for the publisher's). */
  id: string;
  context: ContextName | 'outbox';
  /** The queue a worker drains, when there is one (a job's or the publisher's DLQ has none). */
  queue?: sqs.IQueue;
  dlq: sqs.IQueue;
}

export interface MonitoringProps {
  alarmEmail?: string;
  functions: readonly MonitoredFunction[];
  queues: readonly MonitoredQueue[];
  /** The scheduled jobs' rules, by job name. */
  scheduleRules: ReadonlyMap<string, events.IRule>;
  httpApi: apigw.HttpApi;
  webSocket: { api: apigw.WebSocketApi; stage: apigw.WebSocketStage };
  table: dynamodb.Table;
  distribution: cloudfront.IDistribution;
  /** The root stack's name: alarm and dashboard names start with it (two deployments in one account). */
  prefix: string;
}

const PERIOD = Duration.minutes(5);
const { GREATER_THAN_OR_EQUAL_TO_THRESHOLD: AT_LEAST } = cloudwatch.ComparisonOperator;

/** Errors in 5 minutes that page someone: a scheduled job's single failed run, a few for the rest. */
export const ERROR_THRESHOLD: Record<FunctionKind, number> = { http: 5, renderer: 5, socket: 5, worker: 5, 'queue-worker': 5, job: 1, publisher: 5 };
export const THRESHOLDS = {
  apiServerErrorPercent: 5,
  apiMinimumRequests: 50,
  apiP99Ms: 2500,
  webSocketErrors: 5,
  outboxLagMs: 5 * 60 * 1000,
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
} as const;

// CloudWatch math alarms take at most 10 metrics: the operations the portal's functions use.
const THROTTLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM, dynamodb.Operation.BATCH_GET_ITEM, dynamodb.Operation.QUERY, dynamodb.Operation.SCAN, dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM, dynamodb.Operation.DELETE_ITEM, dynamodb.Operation.BATCH_WRITE_ITEM, dynamodb.Operation.TRANSACT_WRITE_ITEMS, dynamodb.Operation.TRANSACT_GET_ITEMS,
];
const SYSTEM_ERROR_OPERATIONS = [...THROTTLE_OPERATIONS.filter((op) => op !== dynamodb.Operation.SCAN), dynamodb.Operation.GET_RECORDS];

/** What to look at first, by function kind (each alarm's description; it is in the e-mail). */
const FIRST_STEP: Record<FunctionKind, string> = {
  http: "Open the function's log group (Logs Insights: level = 'ERROR'); a deploy just before it is the first suspect.",
  renderer: 'Pages fall back to the SPA shell (or CloudFront serves stale copies): check the render log for the failing path.',
  socket: 'Live updates stop for editors: check the socket log for connect or subscribe failures.',
  worker: 'The batch is retried, then lands in the DLQ: check the worker log; the DLQ alarm follows if it keeps failing.',
  'queue-worker': 'Beacons are retried, then land in the DLQ: check the worker log.',
  job: "A scheduled run failed (Lambda retries twice, then the run goes to the job's DLQ): check the job log; the next run is at its cron.",
  publisher: 'Table changes are retried and bisected, then go to the outbox DLQ: check the publisher log.',
};

export class Monitoring extends NestedStack {
  readonly alarms: AlarmTopic;
  /** Every alarm, by what it watches: 'errors:http-articles', 'dlq:welcome-mail', 'api:5xx'. */
  readonly byKey = new Map<string, cloudwatch.Alarm>();
  readonly dashboards = new Map<Concern, cloudwatch.Dashboard>();
  /** The concern of each alarm in byKey: its dashboard. */
  readonly concernOfAlarm = new Map<string, Concern>();

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: 'Portal Plural: alarms (to an SNS topic) and one CloudWatch dashboard per concern' });
    this.alarms = new AlarmTopic(this, 'Alarms', { email: props.alarmEmail });
    const widgets = new Map<Concern, cloudwatch.IWidget[]>(CONCERNS.map((concern) => [concern, []]));
    const add = (concern: Concern, ...items: cloudwatch.IWidget[]) => widgets.get(concern)!.push(...items);
    const alarm = (key: string, concern: Concern, metric: cloudwatch.IMetric, options: Omit<cloudwatch.CreateAlarmOptions, 'comparisonOperator' | 'alarmName'>) => {
      if (this.byKey.has(key)) throw new Error(`Two alarms watch ${key}`);
      const created = this.alarms.notify(
        new cloudwatch.Alarm(this, `Alarm${key.replace(/[^A-Za-z0-9]/g, '')}`, {
          metric,
          alarmName: `${props.prefix}-${concern}-${key.replace(':', '-')}`,
          comparisonOperator: AT_LEAST,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          ...options,
          alarmDescription: `${concern}: ${options.alarmDescription}`,
        }),
      );
      this.byKey.set(key, created);
      this.concernOfAlarm.set(key, concern);
      return created;
    };

    // Every function: errors and throttles.
    for (const { id: name, kind, fn } of props.functions) {
      const concern = CONCERN_OF[fn.context];
      alarm(`errors:${name}`, concern, fn.fn.metricErrors({ period: PERIOD, statistic: 'Sum' }), {
        threshold: ERROR_THRESHOLD[kind],
        evaluationPeriods: 1,
        alarmDescription: `${name} failed ${ERROR_THRESHOLD[kind]}+ times in 5 minutes. ${FIRST_STEP[kind]}`,
      });
      alarm(`throttles:${name}`, concern, fn.fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }), {
        threshold: 1,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
        alarmDescription: `${name} was throttled for 10 minutes: the account's Lambda concurrency is used up. Check ConcurrentExecutions (a runaway worker or a traffic spike) and the account quota.`,
      });
    }
    // Every DLQ: any message visible is something nobody handled.
    for (const { id: name, context, dlq } of props.queues) {
      alarm(`dlq:${name}`, CONCERN_OF[context], dlq.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }), {
        threshold: 1,
        evaluationPeriods: 1,
        alarmDescription: `The ${name} DLQ holds messages that failed every retry. Read one (SQS console, poll without deleting), fix the cause in the worker's log, then redrive it to its source queue (jobs: run again by hand).`,
      });
    }
    // Scheduled jobs whose rule could not even invoke them (their failed runs are the job's errors alarm and DLQ).
    for (const [name, rule] of props.scheduleRules) {
      const context = props.functions.find((f) => f.id === `job-${name}`)?.fn.context ?? 'outbox';
      alarm(`schedule:${name}`, CONCERN_OF[context], new cloudwatch.Metric({ namespace: 'AWS/Events', metricName: 'FailedInvocations', dimensionsMap: { RuleName: rule.ruleName }, period: PERIOD, statistic: 'Sum' }), {
        threshold: 1,
        evaluationPeriods: 1,
        alarmDescription: `EventBridge could not invoke the ${name} job (its event went to the job's DLQ). Check the rule's target and the function's resource policy.`,
      });
    }

    // The HTTP API: 5xx share (with enough requests to judge) and p99 latency.
    const requests = props.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const apiLatency = props.httpApi.metricLatency({ period: PERIOD, statistic: 'p99' });
    alarm('api:5xx', 'reading', new cloudwatch.MathExpression({
      expression: `IF(requests >= ${THRESHOLDS.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx (%)',
      period: PERIOD,
    }), {
      threshold: THRESHOLDS.apiServerErrorPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      alarmDescription: `Over ${THRESHOLDS.apiServerErrorPercent}% of API answers are 5xx in 2 of 15 minutes. Which function: the errors alarms and the API's access log (status >= 500, integrationError).`,
    });
    alarm('api:p99', 'reading', apiLatency, {
      threshold: THRESHOLDS.apiP99Ms,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      alarmDescription: `The API's p99 latency stayed over ${THRESHOLDS.apiP99Ms} ms for 15 minutes. Look at the functions' Duration on the dashboards, DynamoDB throttles, and a provider call (payments, Google) that hangs.`,
    });

    // The WebSocket API: failed integrations and executions.
    const socketMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.webSocket.api.apiId, Stage: props.webSocket.stage.stageName }, period: PERIOD, statistic: 'Sum' });
    alarm('websocket:errors', 'newsroom', new cloudwatch.MathExpression({
      expression: 'FILL(integration, 0) + FILL(execution, 0)',
      usingMetrics: { integration: socketMetric('IntegrationError'), execution: socketMetric('ExecutionError') },
      label: 'WebSocket errors',
      period: PERIOD,
    }), {
      threshold: THRESHOLDS.webSocketErrors,
      evaluationPeriods: 1,
      alarmDescription: 'The live updates API failed to run its function 5+ times in 5 minutes. Check the socket function\'s errors alarm and log.',
    });

    // The table.
    alarm('dynamodb:throttles', 'pipelines', props.table.metricThrottledRequestsForOperations({ operations: THROTTLE_OPERATIONS, period: PERIOD }), {
      threshold: 1,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      alarmDescription: "The table throttled requests for 10 minutes (on demand: a hot partition key, or a burst over twice the previous peak). Contributor Insights or the workers' logs show which key.",
    });
    alarm('dynamodb:system-errors', 'pipelines', props.table.metricSystemErrorsForOperations({ operations: SYSTEM_ERROR_OPERATIONS, period: PERIOD }), {
      threshold: 5,
      evaluationPeriods: 1,
      alarmDescription: "DynamoDB answered 500s 5+ times in 5 minutes: an AWS-side problem. Check the AWS Health Dashboard; the SDK retries, the functions' errors alarms show the impact.",
    });

    // The outbox: how far behind the table's stream the publisher is.
    const publisher = props.functions.find((f) => f.kind === 'publisher');
    if (publisher) {
      alarm('outbox:lag', 'pipelines', publisher.fn.fn.metric('IteratorAge', { period: PERIOD, statistic: 'Maximum' }), {
        threshold: THRESHOLDS.outboxLagMs,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        alarmDescription: 'Domain events are 5+ minutes behind the table (stream iterator age) for 15 minutes: every pipeline waits. Check the publisher errors alarm and the bus (PutEvents failures in its log).',
      });
    }

    // SES's account reputation (AWS reviews an account at 5% bounces or 0.1% complaints).
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.minutes(15), statistic: 'Maximum' });
    alarm('ses:bounce-rate', 'mail', ses('Reputation.BounceRate'), {
      threshold: THRESHOLDS.sesBounceRate,
      evaluationPeriods: 1,
      alarmDescription: 'The SES account bounce rate reached 4% (AWS reviews the account at 5%, may pause sending at 10%). Stop bulk sends (newsletter) first; look at the bounced addresses (the mail context records them) and where they came from.',
    });
    alarm('ses:complaint-rate', 'mail', ses('Reputation.ComplaintRate'), {
      threshold: THRESHOLDS.sesComplaintRate,
      evaluationPeriods: 1,
      alarmDescription: 'The SES account complaint rate reached 0.08% (AWS reviews at 0.1%). Stop bulk sends first; check that unsubscribe links work and that only confirmed subscribers get the newsletter.',
    });

    // Dashboards.
    for (const concern of CONCERNS) {
      const fns = props.functions.filter((f) => CONCERN_OF[f.fn.context] === concern || (concern === 'pipelines' && f.kind !== 'http' && f.kind !== 'renderer' && f.kind !== 'socket'));
      const dlqs = props.queues.filter((q) => CONCERN_OF[q.context] === concern || concern === 'pipelines');
      const graph = (title: string, metrics: cloudwatch.IMetric[], width = 12) => new cloudwatch.GraphWidget({ title, left: metrics, width, height: 6, legendPosition: cloudwatch.LegendPosition.RIGHT });
      if (fns.length) {
        add(concern,
          graph('Function errors', fns.map((f) => f.fn.fn.metricErrors({ period: PERIOD, statistic: 'Sum', label: f.id }))),
          graph('Function throttles', fns.map((f) => f.fn.fn.metricThrottles({ period: PERIOD, statistic: 'Sum', label: f.id }))),
          graph('Function duration p99 (ms)', fns.map((f) => f.fn.fn.metricDuration({ period: PERIOD, statistic: 'p99', label: f.id }))),
          graph('Function invocations', fns.map((f) => f.fn.fn.metricInvocations({ period: PERIOD, statistic: 'Sum', label: f.id }))),
        );
      }
      if (dlqs.length) add(concern, graph('DLQ messages (any is an alarm)', dlqs.map((q) => q.dlq.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum', label: q.id }))));
      const drained = dlqs.filter((q) => q.queue);
      if (drained.length) add(concern, graph('Oldest message waiting (s)', drained.map((q) => q.queue!.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum', label: q.id }))));
      // An alarm status widget shows at most 100 alarms.
      const own = [...this.byKey.entries()].filter(([key]) => this.concernOfAlarm.get(key) === concern).map(([, a]) => a);
      for (let start = 0; start < own.length; start += 100) {
        add(concern, new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: own.slice(start, start + 100), width: 24, height: 6 }));
      }
    }
    const edge = { region: EDGE_REGION, period: PERIOD };
    add('reading',
      graph2('CloudFront requests and 5xx rate (%)', [
        new cloudwatch.Metric({ namespace: 'AWS/CloudFront', metricName: 'Requests', dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' }, statistic: 'Sum', ...edge }),
      ], [
        new cloudwatch.Metric({ namespace: 'AWS/CloudFront', metricName: '5xxErrorRate', dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' }, statistic: 'Average', ...edge }),
      ]),
      graph2('Firewall: allowed and blocked requests', [
        new cloudwatch.Metric({ namespace: 'AWS/WAFV2', metricName: 'AllowedRequests', dimensionsMap: { WebACL: WEB_ACL_NAME, Rule: 'ALL' }, statistic: 'Sum', ...edge }),
      ], [
        new cloudwatch.Metric({ namespace: 'AWS/WAFV2', metricName: 'BlockedRequests', dimensionsMap: { WebACL: WEB_ACL_NAME, Rule: 'ALL' }, statistic: 'Sum', ...edge }),
      ]),
      graph2('API requests and 5xx', [requests], [serverErrors]),
      graph2('API latency p99 (ms)', [apiLatency], []),
    );
    add('newsroom', graph2('Live updates: connections, messages, errors', [socketMetric('ConnectCount'), socketMetric('MessageCount')], [socketMetric('IntegrationError'), socketMetric('ExecutionError')]));
    add('mail',
      graph2('SES: sent, delivered, bounced, complained', ['Send', 'Delivery', 'Bounce', 'Complaint'].map((name) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: name, period: PERIOD, statistic: 'Sum' })), []),
      graph2('SES reputation: bounce and complaint rates', [ses('Reputation.BounceRate')], [ses('Reputation.ComplaintRate')]),
    );
    // Two widgets: the two sums name their per-operation metrics alike.
    const tableWidgets = () => [
      graph2('DynamoDB throttled requests', [props.table.metricThrottledRequestsForOperations({ operations: THROTTLE_OPERATIONS, period: PERIOD })], []),
      graph2('DynamoDB system errors', [props.table.metricSystemErrorsForOperations({ operations: SYSTEM_ERROR_OPERATIONS, period: PERIOD })], []),
    ];
    add('pipelines', ...tableWidgets(), ...(publisher ? [graph2('Outbox: stream iterator age (ms)', [publisher.fn.fn.metric('IteratorAge', { period: PERIOD, statistic: 'Maximum' })], [])] : []));
    add('reading', ...tableWidgets());

    for (const concern of CONCERNS) {
      this.dashboards.set(concern, new cloudwatch.Dashboard(this, `Dashboard${concern[0]!.toUpperCase()}${concern.slice(1)}`, {
        dashboardName: `${props.prefix}-${concern}`,
        defaultInterval: Duration.hours(6),
        widgets: [widgets.get(concern)!],
      }));
    }
  }
}

function graph2(title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[]): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({ title, left, right, width: 12, height: 6 });
}
