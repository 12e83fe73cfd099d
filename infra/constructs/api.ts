// The HTTP API: every route of API_ROUTES, each served by the Lambda of its bounded context
// (lambdas/<context>/http.ts); routes with auth 'required' sit behind the Cognito JWT authorizer.
import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { API_ROUTES, HTTP_CONTEXTS, routeKey } from '../../shared/routes';
import type { Auth } from './auth';
import { MEDIA_KEY_PREFIX, UPLOAD_KEY_PREFIX } from './media';
import { PortalFunction } from './portal-function';
import { pascal } from './settings';

export interface ContextResources {
  environment: Record<string, string>;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  mediaBucket: s3.IBucket;
}

// What each context may do beyond reading and writing the table.
const CONTEXT_GRANTS: Record<string, (fn: PortalFunction, resources: ContextResources) => void> = {
  // Sign-up creates the Cognito user itself, so the spec's rules are checked before Cognito sees them.
  users: (fn, { userPool }) => {
    userPool.grant(
      fn.role,
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminDeleteUser',
    );
  },
  // Presigning PUTs to uploads/, checking and removing them there, and copying checked ones to media/.
  media: (fn, { mediaBucket }) => {
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [mediaBucket.arnForObjects(`${UPLOAD_KEY_PREFIX}*`)],
      }),
    );
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [mediaBucket.arnForObjects(`${MEDIA_KEY_PREFIX}*`)] }),
    );
  },
};

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

  constructor(scope: Construct, id: string, props: { auth: Auth }) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Portal Plural API (served under /api/* by CloudFront)',
      // The default stage is added below, with access logs and throttling.
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.httpApi.addStage('DefaultStage', {
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
    for (const context of HTTP_CONTEXTS) {
      const fn = new PortalFunction(this, `${pascal(context)}Function`, {
        context,
        file: 'http',
        description: `HTTP routes of the ${context} context`,
        environment: resources.environment,
        timeout: Duration.seconds(10),
      });
      resources.table.grantReadWriteData(fn.role);
      CONTEXT_GRANTS[context]?.(fn, resources);
      this.functions.set(context, fn);
      integrations.set(context, new HttpLambdaIntegration(`${pascal(context)}Integration`, fn.fn));
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
  }
}
