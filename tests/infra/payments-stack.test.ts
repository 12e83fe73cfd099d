// CDK assertions on the payments context's part of the stack: the providers' webhooks outside the JWT
// authorizer, the Secrets Manager secret with the providers' keys readable by the payments functions
// only (HTTP, sync worker, reconciliation job), and the daily reconciliation's schedule rule.
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalFunction } from '../../infra/constructs/portal-function';
import type { PortalStack } from '../../infra/stack';
import { API_ROUTES, routeKey, SCHEDULES } from '../../lambdas/contexts';
import { contract } from '../../lambdas/payments/contract';
import { SECRET_NAMES } from '../../lambdas/platform/contract';
import { portalTemplate, synthStack, templateReaders } from './synth';

let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, cleanup } = synthStack('portal-payments-'));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf, statementsOf, variablesOf } = templateReaders(() => stack, () => template);

const secret = () => stack.secrets.byName.payments;
const reconcile = () => stack.schedules.jobs.get('payments-reconcile')!;
const paymentsFunctions = (): PortalFunction[] => [
  stack.api.functions.get('payments')!,
  stack.pipelines.workers.get('payments-sync')!.worker,
  reconcile().job,
  // An account's deletion cancels its subscriptions at the provider first.
  stack.pipelines.workers.get('payments-erase')!.worker,
];

describe('payments routes', () => {
  const httpRoutes = () =>
    Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).filter((r) => JSON.stringify(r.Properties.ApiId).includes(logicalIdOf(stack.api.httpApi)));
  const routeNamed = (key: string) => httpRoutes().find((r) => r.Properties.RouteKey === key)!;

  it('takes the providers’ webhooks without the JWT authorizer (their signature authenticates them)', () => {
    for (const key of ['POST /api/webhooks/stripe', 'POST /api/webhooks/mercadopago']) {
      expect(routeNamed(key), key).toBeDefined();
      expect(routeNamed(key).Properties.AuthorizationType, key).toBe('NONE');
      expect(routeNamed(key).Properties.AuthorizerId, key).toBeUndefined();
    }
  });

  it('keeps every other payments route behind the JWT authorizer', () => {
    const others = API_ROUTES.filter((route) => route.context === 'payments' && !route.path.startsWith('/api/webhooks/'));
    expect(others.length).toBe(Object.keys(contract.routes).length - 2);
    for (const route of others) {
      const found = routeNamed(routeKey(route));
      expect(found.Properties.AuthorizationType, routeKey(route)).toBe('JWT');
      expect(found.Properties.AuthorizerId, routeKey(route)).toBeDefined();
    }
  });
});

describe('payments secret', () => {
  it('is created as portal/payments with the providers’ four keys, retained with the stack', () => {
    const resource = resourcesOf('AWS::SecretsManager::Secret')[logicalIdOf(secret())]!;
    expect(resource.Properties.Name).toBe(SECRET_NAMES.payments);
    expect(resource).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    const generator = resource.Properties.GenerateSecretString as { SecretStringTemplate: string; GenerateStringKey: string };
    const keys = [...Object.keys(JSON.parse(generator.SecretStringTemplate) as object), generator.GenerateStringKey];
    expect(keys.sort()).toEqual(['mercadopago_access_token', 'mercadopago_webhook_secret', 'stripe_secret_key', 'stripe_webhook_secret']);
    // No value to sign forged notifications with before the operators fill it in.
    expect(generator.GenerateStringKey).toBe('mercadopago_webhook_secret');
    template.hasOutput('PaymentsSecretArn', { Value: { Ref: logicalIdOf(secret()) } });
  });

  it('is readable by the payments HTTP function, sync worker and reconciliation job, on its ARN only', () => {
    for (const fn of paymentsFunctions()) {
      const reads = statementsOf(fn.role).filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:'));
      expect(reads, fn.node.path).toEqual([
        { Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], Effect: 'Allow', Resource: { Ref: logicalIdOf(secret()) } },
      ]);
    }
  });

  it('is named by no other policy, and no other function may touch Secrets Manager but for its own secret', () => {
    const readers = paymentsFunctions().map((fn) => logicalIdOf(fn.role));
    const others = Object.values(resourcesOf('AWS::IAM::Policy')).filter(
      (policy) => !readers.some((role) => JSON.stringify(policy.Properties.Roles).includes(role)),
    );
    expect(others.length).toBeGreaterThan(10);
    const otherSecrets = Object.values(stack.secrets.byName)
      .filter((other) => other !== secret())
      .map((other) => ({ Ref: logicalIdOf(other) }));
    for (const policy of others) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toContain(logicalIdOf(secret()));
      const { Statement } = policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] };
      for (const statement of Statement.filter((candidate) => JSON.stringify(candidate.Action).includes('secretsmanager:'))) {
        // One secret, or several when CDK merges a role's statements with the same actions.
        const resources = [statement.Resource].flat();
        expect(resources.length).toBeGreaterThan(0);
        for (const resource of resources) expect(otherSecrets).toContainEqual(resource);
      }
    }
  });

  it('is named in PAYMENTS_SECRET_ID of the payments functions, which keep the providers’ own hosts', () => {
    for (const fn of paymentsFunctions()) {
      const variables = variablesOf(fn);
      expect(variables.PAYMENTS_SECRET_ID, fn.node.path).toEqual({ Ref: logicalIdOf(secret()) });
      expect(variables, fn.node.path).not.toHaveProperty('STRIPE_API_URL');
      expect(variables, fn.node.path).not.toHaveProperty('MERCADOPAGO_API_URL');
    }
    // The outbox publisher has no contract and gets the whole environment (but no grant on the secret).
    const others = stack.node
      .findAll()
      .filter((c): c is PortalFunction => c instanceof PortalFunction && c.context !== 'outbox' && !paymentsFunctions().includes(c));
    expect(others.length).toBeGreaterThan(10);
    for (const fn of others) expect(variablesOf(fn), fn.node.path).not.toHaveProperty('PAYMENTS_SECRET_ID');
  });
});

describe('payments reconciliation', () => {
  it('runs every day at 09:00 UTC (06:00 in Brasília) from the rule portal-payments-reconcile', () => {
    expect(SCHEDULES.map((schedule) => schedule.name)).toContain('payments-reconcile');
    const { rule, job, dlq } = reconcile();
    const properties = resourcesOf('AWS::Events::Rule')[logicalIdOf(rule)]!.Properties;
    expect(properties).toMatchObject({ Name: 'portal-payments-reconcile', ScheduleExpression: 'cron(0 9 * * ? *)', State: 'ENABLED' });
    // On the default bus, where scheduled events come from.
    expect(properties.EventBusName).toBeUndefined();
    expect(properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [logicalIdOf(job.fn), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalIdOf(dlq), 'Arn'] } },
        RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: 2 }),
      }),
    ]);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [logicalIdOf(job.fn), 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [logicalIdOf(rule), 'Arn'] },
    });
  });

  it('runs lambdas/payments/reconcile.ts for up to 5 minutes, a failed run ending in the DLQ after retries', () => {
    const { job, dlq } = reconcile();
    expect(job.entry).toMatch(/lambdas\/payments\/reconcile\.ts$/);
    expect(resourcesOf('AWS::Lambda::Function')[logicalIdOf(job.fn)]!.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 300,
      TracingConfig: { Mode: 'Active' },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalIdOf(job.fn) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalIdOf(dlq), 'Arn'] } } },
    });
    expect(resourcesOf('AWS::SQS::Queue')[logicalIdOf(dlq)]!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('reads and writes the table like the other payments functions', () => {
    const table = logicalIdOf(stack.data.table);
    const data = statementsOf(reconcile().job.role).filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:PutItem'));
    expect(data).toHaveLength(1);
    expect(JSON.stringify(data[0]!.Resource)).toContain(table);
  });
});
