// CDK assertions on the analysis context's part of the stack: its three pipelines (rule, queue with
// its DLQ, worker), Amazon Comprehend granted to exactly the functions that analyze (the HTTP
// function and the reprocess worker: DetectKeyPhrases and DetectEntities, nothing else), and
// ANALYZER=comprehend where it is read.
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalFunction } from '../../infra/constructs/portal-function';
import type { PortalStack } from '../../infra/stack';
import { PIPELINES } from '../../lambdas/contexts';
import { portalTemplate, synthStack, templateReaders } from './synth';

let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, cleanup } = synthStack('portal-analysis-'));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf, statementsOf, variablesOf } = templateReaders(() => stack, () => template);
/** The comprehend actions a function's role allows, with their resources (CDK may merge them with other '*' actions). */
const comprehendOf = (fn: PortalFunction) =>
  statementsOf(fn.role).flatMap((statement) =>
    [statement.Action]
      .flat()
      .filter((action) => action.startsWith('comprehend:'))
      .map((action) => ({ action, resource: statement.Resource, effect: statement.Effect })),
  );

const PIPELINE_EVENTS = {
  'analysis-corpus': ['ArticlePublished', 'ArticleUpdated', 'ArticleStatusChanged', 'ArticleDeleted'],
  'analysis-tracker': ['ArticleSaved', 'ArticleDeleted'],
  'analysis-reprocess': ['AnalysisRequested'],
} as const;

describe('the analysis pipelines', () => {
  it.each(Object.entries(PIPELINE_EVENTS))('%s: a rule on its events, a queue with a DLQ, a worker with partial batch responses', (name, events) => {
    const pipeline = PIPELINES.find((candidate) => candidate.name === name)!;
    expect(pipeline.context).toBe('analysis');
    expect(pipeline.pattern['detail-type']).toEqual(events);
    const { queue, dlq, rule, worker } = stack.pipelines.workers.get(name)!;
    const rules = resourcesOf('AWS::Events::Rule');
    expect(rules[logicalIdOf(rule)]!.Properties.EventPattern).toEqual(pipeline.pattern);
    expect(JSON.stringify(rules[logicalIdOf(rule)]!.Properties.Targets)).toContain(logicalIdOf(queue));
    const queues = resourcesOf('AWS::SQS::Queue');
    expect(queues[logicalIdOf(queue)]!.Properties).toMatchObject({
      VisibilityTimeout: pipeline.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(dlq), 'Arn'] }, maxReceiveCount: pipeline.maxReceiveCount },
    });
    expect(queues[logicalIdOf(dlq)]!.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] },
      FunctionName: { Ref: logicalIdOf(worker.fn) },
      BatchSize: pipeline.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('Amazon Comprehend', () => {
  it('is granted DetectKeyPhrases and DetectEntities to the analysis API and the reprocess worker, with ANALYZER=comprehend', () => {
    const analyzers = [stack.api.functions.get('analysis')!, stack.pipelines.workers.get('analysis-reprocess')!.worker];
    for (const fn of analyzers) {
      expect(comprehendOf(fn).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
        { action: 'comprehend:DetectEntities', resource: '*', effect: 'Allow' },
        { action: 'comprehend:DetectKeyPhrases', resource: '*', effect: 'Allow' },
      ]);
      expect(variablesOf(fn).ANALYZER).toBe('comprehend');
    }
  });

  it('is granted to no other function (the corpus and tracker workers only count and compare)', () => {
    const analyzers = new Set([stack.api.functions.get('analysis'), stack.pipelines.workers.get('analysis-reprocess')!.worker]);
    const others = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction && !analyzers.has(c));
    expect(others.length).toBeGreaterThan(3);
    for (const fn of others) expect(comprehendOf(fn), fn.node.path).toEqual([]);
  });
});
