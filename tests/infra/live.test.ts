// CDK assertions on live updates and notifications: the WebSocket API and its routes (all served by
// the live socket function, which checks the Cognito access token on $connect), the fan-out and
// notifications pipelines (queue, DLQ, rule), and the fan-out worker's PostToConnection grant, scoped
// to this API's stage and given to no other function.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINES, WEBSOCKET } from '../../lambdas/contexts';
import { PortalFunction } from '../../infra/constructs/portal-function';
import type { PortalStack } from '../../infra/stack';
import { portalTemplate, synthStack, templateReaders } from './synth';

let stack: PortalStack;
let template: Template;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, cleanup } = synthStack('portal-live-'));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf, statementsOf, variablesOf } = templateReaders(() => stack, () => template);

describe('the WebSocket API', () => {
  it('selects routes by the message action and deploys one throttled stage', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: logicalIdOf(stack.live.api) },
      StageName: WEBSOCKET!.stage,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it('serves $connect, $disconnect, every message route and $default with the socket function, answering messages', () => {
    const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).filter((route) => JSON.stringify(route.Properties.ApiId).includes(logicalIdOf(stack.live.api)));
    const keys = routes.map((route) => route.Properties.RouteKey).sort();
    expect(keys).toEqual(['$connect', '$default', '$disconnect', ...WEBSOCKET!.routes].sort());
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration');
    const responses = Object.values(resourcesOf('AWS::ApiGatewayV2::RouteResponse'));
    for (const route of routes) {
      const target = JSON.stringify(route.Properties.Target);
      const integration = Object.entries(integrations).find(([id]) => target.includes(id))![1];
      expect(JSON.stringify(integration.Properties.IntegrationUri), String(route.Properties.RouteKey)).toContain(logicalIdOf(stack.live.function!.fn));
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      const answers = String(route.Properties.RouteKey).startsWith('$') && route.Properties.RouteKey !== '$default' ? 0 : 1;
      const routeId = Object.entries(resourcesOf('AWS::ApiGatewayV2::Route')).find(([, candidate]) => candidate === route)![0];
      expect(responses.filter((response) => JSON.stringify(response.Properties.RouteId).includes(routeId)), String(route.Properties.RouteKey)).toHaveLength(answers);
    }
  });

  it('lets the socket function verify Cognito access tokens on $connect and use the table, and nothing more', () => {
    const fn = stack.live.function!;
    const variables = variablesOf(fn);
    expect(variables.JWT_ISSUER).toBeDefined();
    expect(JSON.stringify(variables.USER_POOL_CLIENT_ID)).toContain(logicalIdOf(stack.auth.webClient));
    expect(variables.TABLE_NAME).toEqual({ Ref: logicalIdOf(stack.data.table) });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: WEBSOCKET!.description, Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    expect(JSON.stringify(statementsOf(fn.role))).not.toContain('execute-api:');
  });

  it('names the stage in config.json and lets the pages connect to it', () => {
    const policy = Object.values(resourcesOf('AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const csp = JSON.stringify(policy.Properties);
    expect(csp).toContain('wss://');
    expect(csp).toContain(logicalIdOf(stack.live.api));
    expect(stack.resolve(stack.live.url)).toMatchObject({ 'Fn::Join': ['', expect.arrayContaining(['wss://', { Ref: logicalIdOf(stack.live.api) }])] });
  });
});

describe('the pipelines of live updates and notifications', () => {
  it.each(['live-fanout', 'notifications'])('%s: a rule to its queue, a DLQ after maxReceiveCount, partial batch responses', (name) => {
    const pipeline = PIPELINES.find((candidate) => candidate.name === name)!;
    const { queue, dlq, rule, worker } = stack.pipelines.workers.get(name)!;
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(dlq), 'Arn'] }, maxReceiveCount: pipeline.maxReceiveCount },
      VisibilityTimeout: pipeline.visibilityTimeoutSeconds,
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: pipeline.pattern.source, 'detail-type': pipeline.pattern['detail-type'] },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] } })],
    });
    expect(rule).toBeDefined();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] },
      FunctionName: { Ref: logicalIdOf(worker.fn) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('feeds the fan-out worker with notifications and internal comments, and the notifications worker with their sources', () => {
    const types = (name: string) => PIPELINES.find((pipeline) => pipeline.name === name)!.pattern['detail-type'];
    expect(types('live-fanout')).toEqual(expect.arrayContaining(['NotificationCreated', 'InternalCommentAdded', 'InternalCommentDeleted']));
    expect(types('notifications')).toEqual(expect.arrayContaining(['ArticlePublished', 'SeoValidated', 'ReviewSubmitted', 'InternalCommentAdded']));
  });

  it("lets the fan-out worker POST to this API's connections on its stage only, and no other function manage connections", () => {
    const { worker } = stack.pipelines.workers.get('live-fanout')!;
    const grants = statementsOf(worker.role).filter((statement) => JSON.stringify(statement.Action).includes('execute-api'));
    expect(grants).toHaveLength(1);
    expect(grants[0]!.Action).toBe('execute-api:ManageConnections');
    const resource = JSON.stringify(grants[0]!.Resource);
    expect(resource).toContain(logicalIdOf(stack.live.api));
    expect(resource).toContain(`/${WEBSOCKET!.stage}/POST/@connections/*`);
    expect(JSON.stringify(variablesOf(worker).LIVE_CONNECTIONS_URL)).toContain(logicalIdOf(stack.live.api));
    const others = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction && c !== worker);
    for (const fn of others) expect(JSON.stringify(statementsOf(fn.role)), fn.node.path).not.toContain('execute-api:ManageConnections');
  });
});
