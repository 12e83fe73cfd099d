// Operating the portal on AWS: alarms that reach a person (counted from the contracts, not from a
// constant), one dashboard per concern, the edge firewall in us-east-1 attached to the distribution,
// and the user pool's MFA setting.
import { App, type CfnElement, Stack, Token } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, HTTP_CONTEXTS, INGEST_QUEUES, PIPELINES, SCHEDULES } from '../../lambdas/contexts';
import { DEAD_LETTER_QUEUES } from '../../lambdas/operations/dead-letters';
import { AlarmTopic } from '../../infra/constructs/alarm-topic';
import { CONCERNS } from '../../infra/constructs/monitoring';
import { PortalFunction } from '../../infra/constructs/portal-function';
import { readSettings } from '../../infra/constructs/settings';
import { RATE_LIMITS, WEB_ACL_NAME } from '../../infra/edge-firewall-stack';
import { SIGN_IN_RATE_LIMIT, SIGN_IN_TARGETS } from '../../infra/constructs/sign-in-firewall';
import type { Portal } from '../../infra/portal';
import type { PortalStack } from '../../infra/stack';
import { portalTemplate, synthStack, templateReaders, type Resource } from './synth';

const ALARM_EMAIL = 'plantao@portal.example';

let portal: Portal;
let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ portal, stack, cleanup } = synthStack('portal-ops-', { 'portal:alarmEmail': ALARM_EMAIL }));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf, statementsOf } = templateReaders(() => stack, () => template);
type Dimension = { Name: string; Value: unknown };
const alarms = () => Object.values(resourcesOf('AWS::CloudWatch::Alarm'));
/** The alarms on one metric whose dimension `name` is `value` (a reference to the watched resource). */
const alarmsOn = (metricName: string, name: string, value: unknown) =>
  alarms().filter(
    (alarm) =>
      alarm.Properties.MetricName === metricName &&
      (alarm.Properties.Dimensions as Dimension[] | undefined)?.some((d) => d.Name === name && JSON.stringify(d.Value) === JSON.stringify(value)),
  );
const functions = () => stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction);
/** Every DLQ the stack's queues and destinations name, from the constructs built from the contracts. */
const dlqs = () => [
  stack.pipelines.publisherDlq,
  ...[...stack.pipelines.workers.values()].map(({ dlq }) => dlq),
  ...[...stack.ingest.queues.values()].map(({ dlq }) => dlq),
  ...[...stack.schedules.jobs.values()].map(({ dlq }) => dlq),
];
const topicRef = () => ({ Ref: logicalIdOf(stack.monitoring.alarms.topic) });

describe('alarms', () => {
  it('watches every Lambda the contracts declare: its errors and its throttles, one alarm each', () => {
    // The HTTP functions, the pipelines' and queues' workers, the jobs, the renderer, the socket and the outbox publisher.
    const expected = HTTP_CONTEXTS.length + PIPELINES.length + INGEST_QUEUES.length + SCHEDULES.length + 3;
    expect(functions()).toHaveLength(expected);
    for (const fn of functions()) {
      const name = { Ref: logicalIdOf(fn.fn) };
      expect(alarmsOn('Errors', 'FunctionName', name), fn.node.path).toHaveLength(1);
      expect(alarmsOn('Throttles', 'FunctionName', name), fn.node.path).toHaveLength(1);
    }
    expect(alarms().filter((a) => a.Properties.Namespace === 'AWS/Lambda' && a.Properties.MetricName === 'Errors')).toHaveLength(expected);
    expect(alarms().filter((a) => a.Properties.Namespace === 'AWS/Lambda' && a.Properties.MetricName === 'Throttles')).toHaveLength(expected);
  });

  it('pages on a scheduled job’s first failed run, and on a few errors elsewhere', () => {
    for (const { job } of stack.schedules.jobs.values()) expect(alarmsOn('Errors', 'FunctionName', { Ref: logicalIdOf(job.fn) })[0]!.Properties.Threshold).toBe(1);
    for (const fn of stack.api.functions.values()) expect(alarmsOn('Errors', 'FunctionName', { Ref: logicalIdOf(fn.fn) })[0]!.Properties.Threshold).toBeGreaterThan(1);
  });

  it('raises an alarm on any visible message of every DLQ', () => {
    expect(dlqs()).toHaveLength(PIPELINES.length + INGEST_QUEUES.length + SCHEDULES.length + 1);
    for (const dlq of dlqs()) {
      const [alarm, ...more] = alarmsOn('ApproximateNumberOfMessagesVisible', 'QueueName', { 'Fn::GetAtt': [logicalIdOf(dlq), 'QueueName'] });
      expect(more, dlq.node.path).toEqual([]);
      expect(alarm?.Properties, dlq.node.path).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('misses no queue that is a dead-letter target in the template', () => {
    const targets = Object.values(resourcesOf('AWS::SQS::Queue')).flatMap((queue) => {
      const policy = queue.Properties.RedrivePolicy as { deadLetterTargetArn: { 'Fn::GetAtt': [string, string] } } | undefined;
      return policy ? [policy.deadLetterTargetArn['Fn::GetAtt'][0]] : [];
    });
    expect(targets.length).toBe(PIPELINES.length + INGEST_QUEUES.length);
    for (const id of targets) expect(alarmsOn('ApproximateNumberOfMessagesVisible', 'QueueName', { 'Fn::GetAtt': [id, 'QueueName'] }), id).toHaveLength(1);
  });

  it('watches the APIs, the table, SES’s reputation, the jobs’ rules and the outbox', () => {
    const keys = [...stack.monitoring.byKey.keys()];
    for (const key of ['api:5xx', 'api:p99', 'websocket:errors', 'dynamodb:throttles', 'dynamodb:system-errors', 'ses:bounce-rate', 'ses:complaint-rate', 'outbox:lag']) {
      expect(keys).toContain(key);
    }
    for (const name of stack.schedules.jobs.keys()) expect(keys).toContain(`schedule:${name}`);
    expect(alarmsOn('Latency', 'ApiId', { Ref: logicalIdOf(stack.api.httpApi) })[0]!.Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: 2500 });
    expect(alarmsOn('Reputation.BounceRate', 'x', 'x')).toEqual([]); // (no dimensions: account-wide)
    const ses = alarms().filter((a) => a.Properties.Namespace === 'AWS/SES').map((a) => [a.Properties.MetricName, a.Properties.Threshold]);
    expect(ses).toEqual(expect.arrayContaining([['Reputation.BounceRate', 0.04], ['Reputation.ComplaintRate', 0.0008]]));
    // The 5xx share is metric math over the API's own metrics.
    const rate = alarms().find((a) => JSON.stringify(a.Properties.Metrics ?? []).includes('100 * errors / requests'));
    expect(JSON.stringify(rate?.Properties.Metrics)).toContain(logicalIdOf(stack.api.httpApi));
  });

  it('sends every alarm, and its return to OK, to the topic', () => {
    expect(alarms().length).toBe(stack.monitoring.byKey.size);
    for (const alarm of alarms()) {
      expect(alarm.Properties.AlarmActions).toEqual([topicRef()]);
      expect(alarm.Properties.OKActions).toEqual([topicRef()]);
      expect(String(alarm.Properties.AlarmDescription).length).toBeGreaterThan(40);
    }
    console.info(`Alarms: ${alarms().length} in ${stack.region} (+${Object.keys(Template.fromStack(portal.edgeAlarms).findResources('AWS::CloudWatch::Alarm')).length} in ${portal.edgeAlarms.region})`);
  });

  it('subscribes the e-mail of portal:alarmEmail to the topic', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: ALARM_EMAIL, TopicArn: topicRef() });
    Template.fromStack(portal.edgeAlarms).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: ALARM_EMAIL });
  });

  it('subscribes nobody without portal:alarmEmail, and refuses a value that is not an address', () => {
    const app = new App();
    expect(readSettings(app).alarmEmail).toBeUndefined();
    const scratch = new Stack(app, 'Scratch');
    new AlarmTopic(scratch, 'Alarms', { email: readSettings(app).alarmEmail });
    Template.fromStack(scratch).resourceCountIs('AWS::SNS::Subscription', 0);
    Template.fromStack(scratch).resourceCountIs('AWS::SNS::Topic', 1);
    expect(() => readSettings(new App({ context: { 'portal:alarmEmail': 'plantão' } }))).toThrow(/must be an e-mail address/);
  });

  it('keeps the monitoring stack under CloudFormation’s limits (500 resources, 200 parameters)', () => {
    const own = Template.fromStack(stack.monitoring).toJSON() as { Resources: object; Parameters?: object };
    const resources = Object.keys(own.Resources).length;
    const parameters = Object.keys(own.Parameters ?? {}).length;
    console.info(`Monitoring: ${resources} resources, ${parameters} parameters`);
    // Each new pipeline adds 3 parameters (its worker, queue and DLQ): split by concern before 200.
    expect(resources).toBeLessThan(400);
    expect(parameters).toBeLessThan(180);
  });
});

describe('the failure drill (Admin › Filas com falha)', () => {
  const operations = () => stack.api.functions.get('operations')!;
  const actionsOf = (statement: { Action: string | string[] }) => [statement.Action].flat();
  const names = () => dlqs().map((dlq) => resourcesOf('AWS::SQS::Queue')[logicalIdOf(dlq)]!.Properties.QueueName);

  it('names every DLQ as the contracts list them, so the operations function finds each by name', () => {
    expect(DEAD_LETTER_QUEUES).toHaveLength(dlqs().length);
    expect(names().sort()).toEqual(DEAD_LETTER_QUEUES.map((dlq) => dlq.queue).sort());
  });

  it('lets the operations function read every DLQ and move its messages back, and nothing more', () => {
    const statements = statementsOf(operations().role).filter((statement) => actionsOf(statement).some((action) => action.startsWith('sqs:')));
    const redrive = statements.find((statement) => actionsOf(statement).includes('sqs:StartMessageMoveTask'))!;
    expect(actionsOf(redrive).sort()).toEqual(
      ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ListMessageMoveTasks', 'sqs:ReceiveMessage', 'sqs:StartMessageMoveTask'].sort(),
    );
    const arns = JSON.stringify(redrive.Resource);
    for (const dlq of DEAD_LETTER_QUEUES) expect(arns).toContain(`:${dlq.queue}"`);
    expect([redrive.Resource].flat()).toHaveLength(DEAD_LETTER_QUEUES.length);
    // StartMessageMoveTask sends as its caller: SendMessage on every source queue, each named by reference.
    const sends = statements.filter((statement) => actionsOf(statement).includes('sqs:SendMessage')).flatMap((statement) => [statement.Resource].flat());
    const sources = [...[...stack.pipelines.workers.values()].map(({ queue }) => queue), ...[...stack.ingest.queues.values()].map(({ queue }) => queue)];
    expect(sends).toHaveLength(sources.length);
    for (const queue of sources) expect(sends).toContainEqual({ 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] });
    // Nothing else of SQS (CDK's grantSendMessages adds GetQueueAttributes and GetQueueUrl on the sources).
    const allowed = new Set([...actionsOf(redrive), 'sqs:SendMessage']);
    expect(statements.flatMap(actionsOf).filter((action) => !allowed.has(action))).toEqual([]);
  });

  it('serves the failure drill’s routes to masters only', () => {
    const routes = API_ROUTES.filter((route) => route.context === 'operations');
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(['GET /api/admin/queues', 'GET /api/admin/queues/{name}/messages', 'POST /api/admin/queues/{name}/redrive']);
    expect(routes.every((route) => route.auth === 'required')).toBe(true);
  });
});

describe('the CloudFront alarm, in us-east-1', () => {
  it('watches the distribution’s 5xx rate where CloudFront publishes it, with its own topic', () => {
    expect(portal.edgeAlarms.region).toBe('us-east-1');
    const edge = Template.fromStack(portal.edgeAlarms);
    const [alarm] = Object.values(edge.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    const metrics = JSON.stringify(alarm!.Properties.Metrics);
    expect(metrics).toContain('5xxErrorRate');
    expect(metrics).toContain('Fn::GetStackOutput');
    expect(metrics).toContain(stack.stackName);
    expect(alarm!.Properties.AlarmActions).toEqual([{ Ref: portal.edgeAlarms.resolve((portal.edgeAlarms.alarms.topic.node.defaultChild as CfnElement).logicalId) }]);
  });
});

describe('dashboards', () => {
  it('has one dashboard per concern', () => {
    const dashboards = Object.values(resourcesOf('AWS::CloudWatch::Dashboard'));
    expect(dashboards.map((d) => d.Properties.DashboardName).sort()).toEqual(CONCERNS.map((c) => `${stack.stackName}-${c}`).sort());
    const body = (concern: string) => JSON.stringify(dashboards.find((d) => d.Properties.DashboardName === `${stack.stackName}-${concern}`)!.Properties.DashboardBody);
    expect(body('reading')).toContain('AWS/CloudFront');
    expect(body('reading')).toContain(WEB_ACL_NAME);
    expect(body('reading')).toContain('us-east-1');
    expect(body('mail')).toContain('Reputation.BounceRate');
    expect(body('newsroom')).toContain('ConnectCount');
    expect(body('money')).toContain(logicalIdOf(stack.api.functions.get('payments')!.fn));
    expect(body('pipelines')).toContain('IteratorAge');
    for (const { dlq } of stack.pipelines.workers.values()) expect(body('pipelines')).toContain(logicalIdOf(dlq));
  });
});

describe('the edge firewall', () => {
  const firewall = () => Template.fromStack(portal.firewall);
  const webAcl = () => Object.values(firewall().findResources('AWS::WAFv2::WebACL'))[0] as Resource;
  type Rule = { Name: string; Statement: Record<string, { Limit?: number; AggregateKeyType?: string; Name?: string; ScopeDownStatement?: unknown }>; Action?: unknown };
  const rules = () => webAcl().Properties.Rules as Rule[];

  it('is a web ACL of scope CLOUDFRONT in a stack of us-east-1, which the distribution names across regions', () => {
    expect(portal.firewall.region).toBe('us-east-1');
    expect(Token.isUnresolved(stack.region)).toBe(false);
    expect(webAcl().Properties).toMatchObject({ Scope: 'CLOUDFRONT', Name: WEB_ACL_NAME, DefaultAction: { Allow: {} } });
    const outputs = firewall().toJSON().Outputs as Record<string, { Value: unknown }>;
    const [outputName] = Object.entries(outputs).find(([, output]) => JSON.stringify(output.Value) === JSON.stringify({ 'Fn::GetAtt': [portal.firewall.resolve(portal.firewall.webAcl.logicalId), 'Arn'] }))!;
    const distribution = resourcesOf('AWS::CloudFront::Distribution')[logicalIdOf(stack.site.distribution)]!;
    expect((distribution.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: portal.firewall.stackName, OutputName: outputName, Region: 'us-east-1' },
    });
    // Deployed first: the firewall, then the portal, then the alarms on its distribution.
    expect(stack.dependencies).toContain(portal.firewall);
    expect(portal.edgeAlarms.dependencies).toContain(stack);
  });

  it('runs AWS’s managed rule groups, Bot Control only on the public forms', () => {
    const managed = rules().flatMap((rule) => (rule.Statement.ManagedRuleGroupStatement ? [rule.Statement.ManagedRuleGroupStatement.Name] : []));
    expect(managed).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesBotControlRuleSet']);
    const bots = JSON.stringify(rules().find((rule) => rule.Name === 'AWSManagedRulesBotControlRuleSet')!.Statement.ManagedRuleGroupStatement!.ScopeDownStatement);
    expect(bots).toContain('/api/auth/sign-up');
    expect(bots).not.toContain('STARTS_WITH');
  });

  it('limits per address the sign-up, the beacon and the other /api writes, answering 429', () => {
    const beacon = API_ROUTES.find((route) => route.throttle)!;
    const rate = Object.fromEntries(rules().flatMap((rule) => (rule.Statement.RateBasedStatement ? [[rule.Name, { ...rule.Statement.RateBasedStatement, action: rule.Action }]] : [])));
    expect(Object.keys(rate).sort()).toEqual(['api-writes-per-address', 'beacon-per-address', 'sign-up-per-address']);
    for (const rule of Object.values(rate)) {
      expect(rule).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300, action: { Block: { CustomResponse: { ResponseCode: 429 } } } });
    }
    expect(rate['sign-up-per-address']!.Limit).toBe(RATE_LIMITS.signUp);
    expect(rate['beacon-per-address']!.Limit).toBe(RATE_LIMITS.beacon);
    expect(rate['api-writes-per-address']!.Limit).toBe(RATE_LIMITS.writes);
    expect(JSON.stringify(rate['beacon-per-address']!.ScopeDownStatement)).toContain(beacon.path);
    // The writes rule leaves out the beacon (its own rule) and the providers' signed webhooks.
    const writes = JSON.stringify(rate['api-writes-per-address']!.ScopeDownStatement);
    expect(writes).toContain('NotStatement');
    expect(writes).toContain('/api/webhooks/');
    const body = (webAcl().Properties.CustomResponseBodies as Record<string, { Content: string }>)['too-many']!;
    expect(JSON.parse(body.Content)).toEqual({ message: expect.stringMatching(/^Muitas requisições/) });
  });
});

describe('the user pool', () => {
  it('offers MFA with an authenticator app (TOTP), never SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });

  it('limits per address the sign-in, sign-up and password-reset calls with a REGIONAL web ACL on the pool', () => {
    const acls = Object.entries(resourcesOf('AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const [rule, ...others] = acl.Properties.Rules as { Name: string; Action: unknown; Statement: { RateBasedStatement: { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number; ScopeDownStatement: unknown } } }[];
    expect(others).toHaveLength(0);
    expect(rule!.Action).toEqual({ Block: {} });
    expect(rule!.Statement.RateBasedStatement).toMatchObject({ Limit: SIGN_IN_RATE_LIMIT, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const scope = JSON.stringify(rule!.Statement.RateBasedStatement.ScopeDownStatement);
    for (const name of SIGN_IN_TARGETS) expect(scope).toContain(`"AWSCognitoIdentityProviderService.${name}"`);
    expect(scope).toContain('x-amz-target');
    // The web ACL is associated with the user pool itself (the browser reaches Cognito directly).
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [logicalIdOf(stack.auth.userPool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });
});
