// CDK assertions on the analytics context's part of the stack: the beacon queue (a DLQ, no rule) and
// its worker (batches of 100 after a window, partial batch responses, no secret), SendMessage for the
// HTTP function only, the queue's URL and the salt secret in its environment, the beacon route's own
// throttle, and the Google key's secret (empty at deploy, read and written by the HTTP function alone).
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalStack } from '../../infra/stack';
import { portalTemplate, stackTemplates, synthStack, templateReaders } from './synth';

let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, cleanup } = synthStack('portal-analytics-'));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf, statementsOf, variablesOf } = templateReaders(() => stack, () => template);
const sends = (statements: { Action: string | string[] }[]) => statements.some((statement) => [statement.Action].flat().includes('sqs:SendMessage'));

describe('the beacon queue', () => {
  it('is drained by its worker in batches of 100 after a window, with a DLQ', () => {
    const entry = stack.ingest.queues.get('analytics-beacons')!;
    const queue = resourcesOf('AWS::SQS::Queue')[logicalIdOf(entry.queue)]!;
    expect(JSON.stringify(queue.Properties.RedrivePolicy)).toContain(logicalIdOf(entry.dlq));
    const mapping = Object.values(resourcesOf('AWS::Lambda::EventSourceMapping')).find((candidate) => JSON.stringify(candidate.Properties.FunctionName).includes(logicalIdOf(entry.worker!.fn)))!;
    expect(mapping.Properties).toMatchObject({ BatchSize: 100, MaximumBatchingWindowInSeconds: 2, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: 5 } });
  });

  it('takes messages from the analytics HTTP function alone (and the operations one, which sends dead letters back), which knows its URL and the salt secret', () => {
    const http = stack.api.functions.get('analytics')!;
    expect(sends(statementsOf(http.role))).toBe(true);
    // The master's redrive (lambdas/operations) moves a DLQ's messages back to this queue as its caller.
    const senders = new Set(['analytics', 'operations']);
    for (const [name, fn] of stack.api.functions) if (!senders.has(name)) expect(sends(statementsOf(fn.role)), name).toBe(false);
    const variables = variablesOf(http);
    expect(JSON.stringify(variables.ANALYTICS_QUEUE_URL)).toContain(logicalIdOf(stack.ingest.queues.get('analytics-beacons')!.queue));
    expect(JSON.stringify(variables.ANALYTICS_SECRET_ID)).toContain(logicalIdOf(stack.secrets.byName.analytics));
  });

  it('gives the beacon route its own throttle, above the stage’s', () => {
    const stages = Object.values(resourcesOf('AWS::ApiGatewayV2::Stage')).filter((stage) => stage.Properties.RouteSettings);
    expect(stages.map((stage) => stage.Properties.RouteSettings)).toEqual([
      { 'POST /api/analytics/beacon': { ThrottlingRateLimit: 5000, ThrottlingBurstLimit: 10000 } },
    ]);
  });
});

const actionsOf = (statements: { Action: string | string[] }[]) => statements.flatMap((statement) => [statement.Action].flat());
const secretStatements = (fn: { role: Parameters<typeof statementsOf>[0] }) =>
  statementsOf(fn.role).filter((statement) => actionsOf([statement]).some((action) => action.startsWith('secretsmanager:')));

describe('the Google connection', () => {
  it('keeps the key in its own secret, empty ({}) at deploy and kept when the stack goes', () => {
    const secret = resourcesOf('AWS::SecretsManager::Secret')[logicalIdOf(stack.secrets.byName.google)]!;
    expect(secret.Properties).toMatchObject({ Name: 'portal/google', SecretString: '{}' });
    expect(secret.Properties.GenerateSecretString).toBeUndefined();
    expect(secret.DeletionPolicy).toBe('Retain');
  });

  it('lets the analytics HTTP function alone read and put the key, and nothing else on it', () => {
    const google = logicalIdOf(stack.secrets.byName.google);
    const http = stack.api.functions.get('analytics')!;
    const onGoogle = secretStatements(http).filter((statement) => JSON.stringify(statement.Resource).includes(google));
    expect(actionsOf(onGoogle).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']);
    expect(JSON.stringify(variablesOf(http).GOOGLE_SECRET_ID)).toContain(google);
    // Google's own hosts on AWS: the stand-ins' addresses are set only locally.
    expect(variablesOf(http).GOOGLE_ANALYTICS_DATA_URL).toBeUndefined();
    expect(variablesOf(http).GOOGLE_AD_MANAGER_URL).toBeUndefined();
    const functions = [...stack.api.functions.values(), ...[...stack.pipelines.workers.values()].map((entry) => entry.worker), ...[...stack.schedules.jobs.values()].map((entry) => entry.job)];
    for (const fn of functions.filter((candidate) => candidate !== http)) {
      expect(JSON.stringify(statementsOf(fn.role)), fn.node.path).not.toContain(google);
      expect(actionsOf(statementsOf(fn.role)), fn.node.path).not.toContain('secretsmanager:PutSecretValue');
    }
  });

  it('gives the beacon worker no secret at all: it reads and writes the table only', () => {
    const worker = stack.ingest.queues.get('analytics-beacons')!.worker!;
    expect(secretStatements(worker)).toEqual([]);
  });

  it('stays under CloudFormation’s 500 resources, in the root and in each nested stack', () => {
    for (const { stack: part, template: own } of stackTemplates(stack)) {
      const count = Object.keys(own.toJSON().Resources as object).length;
      expect(count, part.node.path).toBeLessThan(500);
    }
  });
});
