// CDK assertions on the analytics context's part of the stack: the beacon queue (a DLQ, no rule) and
// its worker (batches of 100 after a window, partial batch responses), SendMessage for the HTTP
// function only, the queue's URL and the salt secret in its environment, and the beacon route's own throttle.
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalStack } from '../../infra/stack';
import { synthStack, templateReaders } from './synth';

let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, cleanup } = synthStack('portal-analytics-'));
  template = Template.fromStack(stack);
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

  it('takes messages from the analytics HTTP function alone, which knows its URL and the salt secret', () => {
    const http = stack.api.functions.get('analytics')!;
    expect(sends(statementsOf(http.role))).toBe(true);
    for (const [name, fn] of stack.api.functions) if (name !== 'analytics') expect(sends(statementsOf(fn.role)), name).toBe(false);
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
