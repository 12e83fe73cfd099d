// The HTTP API: every route the contexts declare (lambdas/contexts.ts), each served by the Lambda of
// its bounded context (lambdas/<context>/http.ts); routes with auth 'required' sit behind the Cognito JWT authorizer.
import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_ROUTES, CONTEXTS, HTTP_CONTEXTS, routeKey } from '../../lambdas/contexts';
import { UNKNOWN_API_ROUTE } from '../../lambdas/platform/contract';
import type { Auth } from './auth';
import { environmentFor, grantPermissions, type GrantTargets } from './permissions';
import { PortalFunction } from './portal-function';
import { pascal } from './settings';

export interface ContextResources extends GrantTargets {
  environment: Record<string, string>;
  table: dynamodb.ITable;
}

// One JSON line per request, with the fields HTTP APIs support.
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    latency: '$context.responseLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
  }),
);

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<string, PortalFunction>();
  /** Routes by route key ('GET /api/me'). */
  readonly routes = new Map<string, apigw.HttpRoute>();
  private readonly authorizer: HttpJwtAuthorizer;
  private readonly stage: apigw.HttpStage;

  constructor(scope: Construct, id: string, props: { auth: Auth }) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Portal Plural API (served under /api/* by CloudFront)',
      // The default stage is added below, with access logs and throttling.
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', props.auth.issuer, {
      jwtAudience: [props.auth.webClient.userPoolClientId],
    });
  }

  /** Domain of the execute-api endpoint: CloudFront's origin for /api/*. */
  get endpointDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  /**
   * Second step, once the site exists: the functions need its URL, and the distribution needs only
   * the API itself (not its routes), so building the routes afterwards avoids a dependency cycle.
   */
  addContextRoutes(resources: ContextResources): void {
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const context of CONTEXTS.filter((candidate) => HTTP_CONTEXTS.includes(candidate.name))) {
      const fn = new PortalFunction(this, `${pascal(context.name)}Function`, {
        context: context.name,
        file: 'http',
        description: `HTTP routes of the ${context.name} context`,
        environment: environmentFor(context.environment, resources.environment),
        timeout: Duration.seconds(10),
      });
      resources.table.grantReadWriteData(fn.role);
      grantPermissions(fn, context.permissions, resources);
      this.functions.set(context.name, fn);
      // One invoke permission per function for this API, not one per route: the API sends a function
      // only its own context's routes anyway, and a permission per route (100+) would push the stack
      // past CloudFormation's 500 resources.
      integrations.set(context.name, new HttpLambdaIntegration(`${pascal(context.name)}Integration`, fn.fn, { scopePermissionToRoute: false }));
    }

    for (const route of API_ROUTES) {
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration: integrations.get(route.context)!,
        authorizer: route.auth === 'required' ? this.authorizer : undefined,
      });
      this.routes.set(routeKey(route), httpRoute!);
    }
    // An unknown /api path gets the portal's pt-BR 404, not API Gateway's English one.
    const [unknownRoute] = this.httpApi.addRoutes({
      path: UNKNOWN_API_ROUTE.path,
      methods: [apigw.HttpMethod.ANY],
      integration: integrations.get(UNKNOWN_API_ROUTE.context)!,
    });
    this.routes.set(UNKNOWN_API_ROUTE.key, unknownRoute!);
    // Routes with their own throttle (the analytics beacon) get it as a route setting of the stage.
    const throttled = API_ROUTES.filter((route) => route.throttle);
    if (throttled.length) {
      const stage = this.stage.node.defaultChild as apigw.CfnStage;
      // RouteSettings is untyped JSON, passed as it is: CloudFormation's own (PascalCase) names.
      stage.routeSettings = Object.fromEntries(
        throttled.map((route) => [routeKey(route), { ThrottlingRateLimit: route.throttle!.rateLimit, ThrottlingBurstLimit: route.throttle!.burstLimit }]),
      );
      for (const route of throttled) stage.node.addDependency(this.routes.get(routeKey(route))!);
    }
  }
}
