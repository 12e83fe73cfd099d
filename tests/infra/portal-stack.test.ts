// CDK assertions on the synthesized PortalStack. Lambdas get inline stubs (portal:skipBundling) so
// the suite does not depend on esbuild; `npx cdk synth` covers the real bundles.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../lambdas/platform/table-schema';
import { ENV_NAMES } from '../../lambdas/platform/env';
import { EVENT_BUS_NAME } from '../../lambdas/platform/contract';
import { API_ROUTES, contextNamed, HTTP_CONTEXTS, PIPELINES, routeKey, type ContextName } from '../../lambdas/contexts';
import { PortalFunction } from '../../infra/constructs/portal-function';
import { SITE_FILE_KEYS } from '../../lambdas/feeds/contract';
import type { PortalStack } from '../../infra/stack';
import { synthStack } from './synth';

let stack: PortalStack;
let template: Template;
let assemblyDir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, assemblyDir, cleanup } = synthStack('portal-stack-'));
  template = Template.fromStack(stack);
});
afterAll(() => cleanup());

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (type: string): Record<string, Resource> => template.findResources(type) as Record<string, Resource>;
const logicalIdOf = (construct: { node: { defaultChild?: unknown } }): string =>
  stack.resolve((construct.node.defaultChild as { logicalId: string }).logicalId) as string;

describe('auth', () => {
  it('applies the spec password rules: 8+ characters, an uppercase letter and a digit', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireLowercase: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('creates accounts only through the API (self sign-up disabled), signing in with the e-mail', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      Schema: Match.arrayWith([Match.objectLike({ Name: 'email', Required: true })]),
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      DeletionProtection: 'ACTIVE',
    });
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('lets the web client sign in with USER_PASSWORD_AUTH and SRP, without a secret', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });
});

describe('data', () => {
  it('keys the table on pk/sk and projects everything into gsi1 and gsi2', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('streams new and old images of every change', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('expires items by the expires_at TTL attribute', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('keeps point-in-time recovery on the table', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('api', () => {
  it('has a route for every entry of the route table, with the JWT authorizer exactly on the required ones', () => {
    const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route'));
    expect(routes).toHaveLength(API_ROUTES.length);
    for (const route of API_ROUTES) {
      const found = routes.filter((r) => r.Properties.RouteKey === routeKey(route));
      expect(found, routeKey(route)).toHaveLength(1);
      expect(found[0]!.Properties.AuthorizationType, routeKey(route)).toBe(route.auth === 'required' ? 'JWT' : 'NONE');
    }
  });

  it('verifies Cognito JWTs: the pool issuer and the web client as audience', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdOf(stack.auth.webClient) }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: logicalIdOf(stack.auth.userPool) }]],
        },
      },
    });
  });

  it('integrates each route with the Lambda of its context', () => {
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration');
    const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route'));
    for (const route of API_ROUTES) {
      const target = JSON.stringify(routes.find((r) => r.Properties.RouteKey === routeKey(route))!.Properties.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(id))!;
      const uri = JSON.stringify(integrations[integrationId]!.Properties.IntegrationUri);
      expect(uri, routeKey(route)).toContain(logicalIdOf(stack.api.functions.get(route.context)!.fn));
      expect(integrations[integrationId]!.Properties.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('runs one Node.js 22 arm64 Lambda per HTTP context', () => {
    expect([...stack.api.functions.keys()].sort()).toEqual([...HTTP_CONTEXTS].sort());
    for (const context of HTTP_CONTEXTS) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `HTTP routes of the ${context} context`,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('logs every request of the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
  });

  it('gives every Lambda exactly the environment its context declares, sending e-mail through SES', () => {
    const variablesOf = (fn: PortalFunction) =>
      (resourcesOf('AWS::Lambda::Function')[logicalIdOf(fn.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const functions = [...stack.api.functions.values(), ...[...stack.pipelines.workers.values()].map(({ worker }) => worker)];
    for (const fn of functions) {
      const declared = contextNamed(fn.context as ContextName).environment.filter((name) => !name.startsWith('SMTP_'));
      const portalVariables = Object.keys(variablesOf(fn)).filter((name) => (ENV_NAMES as readonly string[]).includes(name));
      expect(portalVariables.sort(), fn.context).toEqual([...declared].sort());
    }
    const mail = variablesOf(stack.pipelines.workers.get('welcome-mail')!.worker);
    expect(mail.MAIL_TRANSPORT).toBe('ses');
    expect(mail.MAIL_FROM).toBe('Portal Plural <nao-responda@portal.example>');
    expect(JSON.stringify(mail.SITE_URL)).toContain(logicalIdOf(stack.site.distribution));
    expect(mail).not.toHaveProperty('SMTP_HOST');
    expect(variablesOf(stack.pipelines.publisher).EVENT_BUS_NAME).toBe(EVENT_BUS_NAME);
  });

  it('lets the media Lambda touch only uploads/ (presign, check, delete) and write only the copy to media/', () => {
    const bucket = logicalIdOf(stack.media.bucket);
    const objects = (prefix: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${prefix}*`]] });
    const role = logicalIdOf(stack.api.functions.get('media')!.role);
    const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement)
      .filter((statement) => JSON.stringify(statement).includes('s3:'));
    expect(statements).toEqual([
      expect.objectContaining({ Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], Resource: objects('uploads/') }),
      expect.objectContaining({ Action: 's3:PutObject', Resource: objects('media/') }),
    ]);
    // No other function reaches the media bucket's objects, but the cover-variants worker (next test).
    const worker = logicalIdOf(stack.pipelines.workers.get('cover-variants')!.worker.role);
    const others = Object.values(resourcesOf('AWS::IAM::Policy')).filter(
      (policy) => ![role, worker].some((id) => JSON.stringify(policy.Properties.Roles).includes(id)),
    );
    for (const policy of others) expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toContain(bucket);
  });

  it('lets the cover-variants worker only read originals and write variants under media/, with room for sharp', () => {
    const bucket = logicalIdOf(stack.media.bucket);
    const { worker } = stack.pipelines.workers.get('cover-variants')!;
    const role = logicalIdOf(worker.role);
    const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement)
      .filter((statement) => JSON.stringify(statement).includes('s3:'));
    expect(statements).toEqual([
      expect.objectContaining({ Action: ['s3:GetObject', 's3:PutObject'], Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/media/*']] } }),
    ]);
    expect(resourcesOf('AWS::Lambda::Function')[logicalIdOf(worker.fn)]!.Properties).toMatchObject({ MemorySize: 1769, Timeout: 30 });
  });

  it('lets the feeds worker only put the generated files into the site bucket, named by SITE_BUCKET', () => {
    const bucket = logicalIdOf(stack.site.bucket);
    const { worker } = stack.pipelines.workers.get('site-feeds')!;
    const role = logicalIdOf(worker.role);
    const rolesOf = (policy: Resource) => JSON.stringify(policy.Properties.Roles);
    const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => rolesOf(policy).includes(role))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement)
      .filter((statement) => JSON.stringify(statement).includes('s3:'));
    const keys = SITE_FILE_KEYS.map((key) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${key}`]] }));
    expect(statements).toEqual([expect.objectContaining({ Action: 's3:PutObject', Resource: expect.arrayContaining(keys) })]);
    expect(statements[0]!.Resource).toHaveLength(keys.length);
    const variables = (resourcesOf('AWS::Lambda::Function')[logicalIdOf(worker.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.SITE_BUCKET).toEqual({ Ref: bucket });
    // No other portal function reaches the site bucket (CDK's deployment of the web build does, on its own role).
    const portalRoles = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction).map((fn) => logicalIdOf(fn.role));
    const others = Object.values(resourcesOf('AWS::IAM::Policy')).filter(
      (policy) => !rolesOf(policy).includes(role) && portalRoles.some((id) => rolesOf(policy).includes(id)),
    );
    for (const policy of others) expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toContain(bucket);
  });

  it('lets only the users context administer Cognito users', () => {
    const policies = Object.entries(resourcesOf('AWS::IAM::Policy'));
    const withCognito = policies.filter(([, p]) => JSON.stringify(p.Properties).includes('cognito-idp:'));
    expect(withCognito).toHaveLength(1);
    const [, usersPolicy] = withCognito[0]!;
    expect(JSON.stringify(usersPolicy.Properties.Roles)).toContain(logicalIdOf(stack.api.functions.get('users')!.role));
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: [
              'cognito-idp:AdminCreateUser',
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:AdminGetUser',
              'cognito-idp:AdminSetUserPassword',
            ],
            Resource: { 'Fn::GetAtt': [logicalIdOf(stack.auth.userPool), 'Arn'] },
          }),
        ]),
      },
    });
  });
});

describe('pipelines', () => {
  it('names the custom event bus as the handlers expect', () => {
    template.hasResourceProperties('AWS::Events::EventBus', { Name: EVENT_BUS_NAME });
  });

  it('publishes the table stream in batches of 100 with partial batch failures and a DLQ', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(stack.data.table), 'StreamArn'] },
      FunctionName: { Ref: logicalIdOf(stack.pipelines.publisher.fn) },
      BatchSize: 100,
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: Match.anyValue(),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalIdOf(stack.pipelines.publisherDlq), 'Arn'] } } },
    });
  });

  it('lets the publisher put events on the portal bus', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalIdOf(stack.pipelines.publisher.role) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 'events:PutEvents', Resource: { 'Fn::GetAtt': [logicalIdOf(stack.pipelines.bus), 'Arn'] } }),
        ]),
      },
    });
  });

  describe.each(PIPELINES.map((pipeline) => [pipeline.name, pipeline] as const))('%s', (name, pipeline) => {
    it('routes the matching events from the bus to its queue', () => {
      const { queue } = stack.pipelines.workers.get(name)!;
      template.hasResourceProperties('AWS::Events::Rule', {
        EventBusName: { Ref: logicalIdOf(stack.pipelines.bus) },
        EventPattern: pipeline.pattern,
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] } })],
      });
    });

    it('moves a message to the DLQ after maxReceiveCount receives', () => {
      const { queue, dlq } = stack.pipelines.workers.get(name)!;
      expect(resourcesOf('AWS::SQS::Queue')[logicalIdOf(queue)]!.Properties).toMatchObject({
        VisibilityTimeout: pipeline.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(dlq), 'Arn'] },
          maxReceiveCount: pipeline.maxReceiveCount,
        },
      });
    });

    it('feeds the worker with its batch size and partial batch responses', () => {
      const { queue, worker } = stack.pipelines.workers.get(name)!;
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] },
        FunctionName: { Ref: logicalIdOf(worker.fn) },
        BatchSize: pipeline.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `Worker of the ${name} pipeline`,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
      });
      // Lambda's advice: visibility timeout at least six times the function timeout.
      const fn = resourcesOf('AWS::Lambda::Function')[logicalIdOf(worker.fn)]!;
      expect((fn.Properties.Timeout as number) * 6).toBeLessThanOrEqual(pipeline.visibilityTimeoutSeconds);
    });
  });

  it('lets the mail worker send e-mail only from the portal sender', () => {
    const mailWorkers = [...stack.pipelines.workers.values()].filter(({ worker }) => worker.context === 'mail');
    expect(mailWorkers.length).toBeGreaterThan(0);
    for (const { worker } of mailWorkers) {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: logicalIdOf(worker.role) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Action: ['ses:SendEmail', 'ses:SendRawEmail'],
              Condition: { StringEquals: { 'ses:FromAddress': 'nao-responda@portal.example' } },
            }),
          ]),
        },
      });
    }
  });
});

describe('site', () => {
  const distributionConfig = (): Record<string, unknown> =>
    Object.values(resourcesOf('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as Record<string, unknown>;
  const behaviour = (pattern: string): Record<string, unknown> =>
    (distributionConfig().CacheBehaviors as Record<string, unknown>[]).find((b) => b.PathPattern === pattern)!;
  const origin = (id: unknown): Record<string, unknown> =>
    (distributionConfig().Origins as Record<string, unknown>[]).find((o) => o.Id === id)!;

  it('serves the web build from a private bucket through origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    const config = distributionConfig();
    expect(config.DefaultRootObject).toBe('index.html');
    const defaults = config.DefaultCacheBehavior as Record<string, unknown>;
    expect(defaults).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true, CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6' });
    const siteOrigin = origin(defaults.TargetOriginId);
    expect(siteOrigin.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(stack.site.bucket), 'RegionalDomainName'] });
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
  });

  it('sends /api/* to the HTTP API, uncached, with all viewer headers but Host', () => {
    const api = behaviour('/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
    expect(JSON.stringify(origin(api.TargetOriginId).DomainName)).toContain(logicalIdOf(stack.api.httpApi));
  });

  it('sends /media/* to the media bucket through origin access control', () => {
    const media = origin(behaviour('/media/*').TargetOriginId);
    expect(media.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(stack.media.bucket), 'RegionalDomainName'] });
    expect(media.OriginAccessControlId).toBeDefined();
  });

  it('answers app routes with index.html without masking the API and media 403/404s', () => {
    expect(distributionConfig().CustomErrorResponses).toBeUndefined();
    const defaults = distributionConfig().DefaultCacheBehavior as Record<string, unknown>;
    expect(defaults.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const [fn] = Object.values(resourcesOf('AWS::CloudFront::Function'));
    const code = String(fn!.Properties.FunctionCode);
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string): string => handler({ request: { uri } }).uri;
    expect(rewrite('/article/um-slug')).toBe('/index.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    // The generated sitemaps, feeds and robots.txt are served from the bucket as they are.
    for (const uri of ['/sitemap.xml', '/sitemap-articles-1.xml', '/sitemap-news.xml', '/rss.xml', '/rss/campinas-sp.xml', '/robots.txt']) {
      expect(rewrite(uri)).toBe(uri);
    }
  });

  it('passes the viewer address to the API from the edge, for one view per visitor', () => {
    const config = distributionConfig();
    const api = (config.CacheBehaviors as Record<string, unknown>[]).find((b) => b.PathPattern === '/api/*')!;
    expect(JSON.stringify(api.FunctionAssociations)).toContain('viewer-request');
    const fn = Object.values(resourcesOf('AWS::CloudFront::Function')).find((f) => String(f.Properties.FunctionCode).includes('x-viewer-address'));
    expect(String(fn?.Properties.FunctionCode)).toContain('event.viewer.ip');
  });

  it('adds security headers to every behaviour', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.anyValue() }),
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        }),
        CustomHeadersConfig: { Items: [Match.objectLike({ Header: 'Permissions-Policy', Value: Match.stringLikeRegexp('camera=\\(\\)') })] },
      },
    });
    const config = distributionConfig();
    for (const b of [config.DefaultCacheBehavior, ...(config.CacheBehaviors as unknown[])] as Record<string, unknown>[]) {
      expect(b.ResponseHeadersPolicyId).toBeDefined();
    }
  });

  it('deploys config.json with the region, the pool, the client and the API and media bases', () => {
    const deployment = Object.values(resourcesOf('Custom::CDKBucketDeployment')).find((d) =>
      JSON.stringify(d.Properties.SourceMarkers ?? '').includes(logicalIdOf(stack.auth.userPool)),
    );
    expect(deployment).toBeDefined();
    expect(deployment!.Properties).toMatchObject({
      DestinationBucketName: { Ref: logicalIdOf(stack.site.bucket) },
      // Read on every load: never served stale from a browser cache.
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
    const markers = Object.assign({}, ...(deployment!.Properties.SourceMarkers as object[])) as Record<string, unknown>;

    const configDir = readdirSync(assemblyDir).find((dir) => existsSync(join(assemblyDir, dir, 'config.json')));
    expect(configDir).toBeDefined();
    const config = JSON.parse(readFileSync(join(assemblyDir, configDir!, 'config.json'), 'utf8')) as Record<string, string>;
    expect(config).toMatchObject({ apiBase: '/api', mediaBase: '/media' });
    expect(markers[config.region!]).toEqual({ Ref: 'AWS::Region' });
    expect(markers[config.userPoolId!]).toEqual({ Ref: logicalIdOf(stack.auth.userPool) });
    expect(markers[config.userPoolClientId!]).toEqual({ Ref: logicalIdOf(stack.auth.webClient) });
  });
});

describe('buckets', () => {
  it('keeps every bucket private, encrypted and TLS-only', () => {
    const buckets = resourcesOf('AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties, id).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('expires unconfirmed uploads after a day and keeps CloudFront away from them', () => {
    const bucket = logicalIdOf(stack.media.bucket);
    expect(resourcesOf('AWS::S3::Bucket')[bucket]!.Properties).toMatchObject({
      LifecycleConfiguration: {
        Rules: expect.arrayContaining([
          expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/uploads/*']] },
          }),
        ]),
      },
    });
  });

  it('accepts presigned PUT uploads to the media bucket from the site', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['PUT'], AllowedOrigins: Match.arrayWith(['https://*.cloudfront.net']) })],
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });
});

describe('stack', () => {
  it('outputs the site and API URLs, the pool and client ids, the table and the media bucket', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'MediaBucketName']) {
      template.hasOutput(name, {});
    }
  });

  it('points every Lambda at an existing entry file under lambdas/', () => {
    const entries = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction).map((fn) => fn.entry);
    expect(entries.length).toBe(HTTP_CONTEXTS.length + PIPELINES.length + 1);
    for (const entry of entries) expect(existsSync(entry), entry).toBe(true);
  });
});
