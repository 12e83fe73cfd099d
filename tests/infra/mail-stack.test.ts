// The portal's e-mail on AWS: the sender's domain as an SES identity, the configuration set that puts
// SES's events on the default bus, a worker's rule on that bus (`bus: 'default'`), its event source's
// maximum concurrency, and the SES grant scoped to the identity and the configuration set. A probe
// pipeline of that kind is added to the contexts' own, so the suite holds whichever contexts have one.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pipeline } from '../../lambdas/contexts';
import type { PortalStack } from '../../infra/stack';
import { portalTemplate, synthStack, templateReaders } from './synth';

const probe = vi.hoisted(
  (): Pipeline => ({
    name: 'ses-events-probe',
    context: 'mail',
    file: 'welcome-worker',
    pattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] },
    batchSize: 10,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    maxConcurrency: 2,
    bus: 'default',
  }),
);

vi.mock('../../lambdas/contexts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lambdas/contexts')>();
  return { ...actual, PIPELINES: [...actual.PIPELINES, probe] };
});

let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, cleanup } = synthStack('portal-mail-'));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf } = templateReaders(() => stack, () => template);

describe('SES', () => {
  it('verifies the sender’s domain with Easy DKIM, sending through the configuration set by default', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'portal.example',
      // Easy DKIM: SES's own keys, signing on (the default, left out of the template).
      DkimSigningAttributes: Match.absent(),
      DkimAttributes: Match.absent(),
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: logicalIdOf(stack.mail.configurationSet) } },
    });
    expect(Object.keys(template.findOutputs('*')).filter((name) => name.startsWith('MailDkimRecord'))).toHaveLength(3);
  });

  it('names the configuration set from the stack, with reputation metrics and bounces and complaints suppressed', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: `${stack.stackName}-mail`,
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  it('puts sent, delivered, bounced and complained events on the account’s default bus', () => {
    const destinations = Object.values(resourcesOf('AWS::SES::ConfigurationSetEventDestination'));
    expect(destinations).toHaveLength(1);
    const { ConfigurationSetName, EventDestination } = destinations[0]!.Properties as {
      ConfigurationSetName: unknown;
      EventDestination: { Enabled: boolean; MatchingEventTypes: string[]; EventBridgeDestination: { EventBusArn: unknown } };
    };
    expect(ConfigurationSetName).toEqual({ Ref: logicalIdOf(stack.mail.configurationSet) });
    expect(EventDestination.Enabled).toBe(true);
    expect([...EventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'delivery', 'send']);
    expect(JSON.stringify(EventDestination.EventBridgeDestination.EventBusArn)).toContain(':event-bus/default');
  });

  it('lets every sender send only from the portal address, through its identity and configuration set', () => {
    const senders = [...stack.pipelines.workers.values()].filter(({ worker }) => worker.context === 'mail');
    expect(senders.length).toBeGreaterThan(0);
    for (const { worker } of senders) {
      const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(logicalIdOf(worker.role)))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown; Condition?: unknown }[] }).Statement)
        .filter((statement) => JSON.stringify(statement.Action).includes('ses:'));
      expect(statements).toHaveLength(1);
      const [statement] = statements;
      expect(statement!.Action).toBe('ses:SendEmail');
      expect(statement!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'nao-responda@portal.example' } });
      const resources = JSON.stringify(statement!.Resource);
      expect(resources).toContain(`":identity/",{"Ref":"${logicalIdOf(stack.mail.identity)}"}`);
      expect(resources).toContain(`":configuration-set/",{"Ref":"${logicalIdOf(stack.mail.configurationSet)}"}`);
      expect(resources).not.toContain('*');
    }
  });
});

describe('a worker of SES’s events', () => {
  it('has its rule on the default bus, and the portal’s workers theirs on the portal bus', () => {
    const rules = resourcesOf('AWS::Events::Rule');
    const { rule } = stack.pipelines.workers.get(probe.name)!;
    expect(rules[logicalIdOf(rule)]!.Properties).toMatchObject({
      EventBusName: 'default',
      EventPattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] },
    });
    const welcome = stack.pipelines.workers.get('welcome-mail')!;
    expect(rules[logicalIdOf(welcome.rule)]!.Properties.EventBusName).toEqual({ Ref: logicalIdOf(stack.pipelines.bus) });
  });

  it('takes its maximum concurrency to the SQS event source', () => {
    const { queue, worker } = stack.pipelines.workers.get(probe.name)!;
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] },
      FunctionName: { Ref: logicalIdOf(worker.fn) },
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const welcome = stack.pipelines.workers.get('welcome-mail')!;
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(welcome.queue), 'Arn'] },
      ScalingConfig: Match.absent(),
    });
  });

  it('fails the synth on a maximum concurrency AWS refuses', () => {
    const declared = probe.maxConcurrency;
    try {
      probe.maxConcurrency = 1;
      expect(() => synthStack('portal-mail-invalid-')).toThrow(/ses-events-probe: maxConcurrency 1 is outside 2–1000/);
    } finally {
      probe.maxConcurrency = declared;
    }
  });
});
