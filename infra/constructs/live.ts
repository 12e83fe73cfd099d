// The WebSocket API of live updates (the context with a `websocket` in its contract: lambdas/live).
// One function serves $connect (which checks the Cognito access token), $disconnect and the message
// routes selected by `action`, each message route answering the sender (a route response); the
// fan-out worker posts to connections through the stage's callback URL (LIVE_CONNECTIONS_URL), with
// execute-api:ManageConnections on this stage only (permissions.ts).
import { Duration, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { contextNamed, WEBSOCKET } from '../../lambdas/contexts';
import { WEBSOCKET_CONNECT_ROUTES, WEBSOCKET_DEFAULT_ROUTE, WEBSOCKET_ROUTE_SELECTION } from '../../lambdas/platform/contract';
import type { ContextResources } from './api';
import { environmentFor, grantPermissions } from './permissions';
import { PortalFunction } from './portal-function';

export class Live extends Construct {
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  readonly routes = new Map<string, apigw.WebSocketRoute>();
  function?: PortalFunction;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    if (!WEBSOCKET) throw new Error('no context declares a websocket');
    this.api = new apigw.WebSocketApi(this, 'WebSocketApi', {
      description: 'Portal Plural live updates (notifications, internal comments)',
      routeSelectionExpression: WEBSOCKET_ROUTE_SELECTION,
    });
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET.stage,
      autoDeploy: true,
      // Per-stage ceilings: messages are a few per minute per editor; connects follow page loads.
      throttle: { rateLimit: 100, burstLimit: 200 },
    });
  }

  /** The browser's address of the API (config.json's liveUrl). */
  get url(): string {
    return this.stage.url;
  }

  /** The origin the browser connects to, for the Content-Security-Policy's connect-src. */
  get origin(): string {
    return `wss://${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  /** Second step, like the HTTP API's routes: the function gets the shared environment. */
  addRoutes(resources: ContextResources): void {
    const spec = WEBSOCKET!;
    const context = contextNamed(spec.context);
    const fn = new PortalFunction(this, 'SocketFunction', {
      context: spec.context,
      file: spec.file,
      description: spec.description,
      environment: environmentFor(context.environment, resources.environment),
      timeout: Duration.seconds(10),
    });
    resources.table.grantReadWriteData(fn.role);
    grantPermissions(fn, context.permissions, resources);
    this.function = fn;
    const integration = new WebSocketLambdaIntegration('SocketIntegration', fn.fn);
    for (const key of [...WEBSOCKET_CONNECT_ROUTES, ...spec.routes, WEBSOCKET_DEFAULT_ROUTE]) {
      const answers = !(WEBSOCKET_CONNECT_ROUTES as readonly string[]).includes(key);
      this.routes.set(key, this.api.addRoute(key, { integration, returnResponse: answers }));
    }
  }
}
