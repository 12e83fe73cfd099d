// CDK assertions on the synthesized PortalStack. Lambdas get inline stubs (portal:skipBundling) so
// the suite does not depend on esbuild; `npx cdk synth` covers the real bundles.
import { NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../lambdas/platform/table-schema';
import { ENV_NAMES } from '../../lambdas/platform/env';
import { EVENT_BUS_NAME, UNKNOWN_API_ROUTE, VIEWER_HOST_HEADER } from '../../lambdas/platform/contract';
import { API_ROUTES, contextNamed, HTTP_CONTEXTS, INGEST_QUEUES, PIPELINES, RENDERER, routeKey, SCHEDULES, type ContextName } from '../../lambdas/contexts';
import { PortalFunction } from '../../infra/constructs/portal-function';
import { SITE_FILE_KEYS } from '../../lambdas/feeds/contract';
import { PAGE_QUERY_KEYS } from '../../lambdas/pages/contract';
import { SEARCH_INDEX_FILE_DAYS } from '../../infra/constructs/site';
import type { PortalStack } from '../../infra/stack';
import { nestedStacksOf, portalTemplate, stackTemplates, synthStack, templateReaders, TEST_REGION, type Resource, type Statement } from './synth';
import { INVITATION_BODY, INVITATION_SUBJECT } from '../../shared/invitation';
import { PRIVACY_LIMITS } from '../../shared/privacy';

let stack: PortalStack;
let template: Template;
let assemblyDir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ stack, assemblyDir, cleanup } = synthStack('portal-stack-'));
  template = portalTemplate(stack);
});
afterAll(() => cleanup());

const { resourcesOf, logicalIdOf, statementsOf } = templateReaders(() => stack, () => template);
/** The search context's functions that write the index: its worker and its daily job. */
const searchIndexWriters = (): PortalFunction[] => [stack.pipelines.workers.get('search-index')!.worker, stack.schedules.jobs.get('search-index-daily')!.job];
/** arn:aws:cloudfront::<account>:distribution/<id> of the site's distribution (the stack's region is explicit, so is its partition). */
const distributionArn = () => ({
  'Fn::Join': ['', ['arn:aws:cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: logicalIdOf(stack.site.distribution) }]],
});
/** The same ARN as CDK's origin access control writes it, with the partition's pseudo parameter. */
const distributionArnByPartition = () => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: logicalIdOf(stack.site.distribution) }]],
});

describe('auth', () => {
  it('invites approved authors with the portal’s pt-BR e-mail and a temporary password valid for 7 days', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: Match.objectLike({ InviteMessageTemplate: { EmailSubject: INVITATION_SUBJECT, EmailMessage: INVITATION_BODY } }),
      Policies: { PasswordPolicy: Match.objectLike({ TemporaryPasswordValidityDays: 7 }) },
    });
  });
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
  it('keys the table on pk/sk, projects everything into gsi1 and gsi2 and the admin list\'s row into gsi3', () => {
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
        Projection: index.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] } : { ProjectionType: 'ALL' },
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
    // The HTTP API's routes (the WebSocket API's are checked in live.test.ts).
    const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).filter((r) => JSON.stringify(r.Properties.ApiId).includes(logicalIdOf(stack.api.httpApi)));
    // And the catch-all for unknown /api paths.
    expect(routes).toHaveLength(API_ROUTES.length + 1);
    for (const route of API_ROUTES) {
      const found = routes.filter((r) => r.Properties.RouteKey === routeKey(route));
      expect(found, routeKey(route)).toHaveLength(1);
      expect(found[0]!.Properties.AuthorizationType, routeKey(route)).toBe(route.auth === 'required' ? 'JWT' : 'NONE');
    }
  });

  it('sends every unknown /api path, any method, to the system function (its pt-BR 404), without the authorizer', () => {
    const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route'));
    const unknown = routes.filter((r) => r.Properties.RouteKey === UNKNOWN_API_ROUTE.key);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.Properties.AuthorizationType).toBe('NONE');
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration');
    const target = JSON.stringify(unknown[0]!.Properties.Target);
    const integrationId = Object.keys(integrations).find((id) => target.includes(id))!;
    expect(JSON.stringify(integrations[integrationId]!.Properties.IntegrationUri)).toContain(logicalIdOf(stack.api.functions.get(UNKNOWN_API_ROUTE.context)!.fn));
  });

  it('verifies Cognito JWTs: the pool issuer and the web client as audience', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdOf(stack.auth.webClient) }],
        Issuer: {
          'Fn::Join': ['', [`https://cognito-idp.${TEST_REGION}.amazonaws.com/`, { Ref: logicalIdOf(stack.auth.userPool) }]],
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
    const permissionsOf = (context: ContextName) => contextNamed(context).permissions;
    // Each function with the permissions it runs with: a worker's own, when its pipeline has them.
    const functions = [
      ...[...stack.api.functions.values()].map((fn) => ({ fn, permissions: permissionsOf(fn.context as ContextName) })),
      ...PIPELINES.map((pipeline) => ({ fn: stack.pipelines.workers.get(pipeline.name)!.worker, permissions: pipeline.permissions ?? permissionsOf(pipeline.context) })),
      ...[...stack.schedules.jobs.values()].map(({ job }) => ({ fn: job, permissions: permissionsOf(job.context as ContextName) })),
    ];
    // Set only locally: the payment providers' sandbox hosts and the Google APIs' stand-in.
    const localOnly = ['STRIPE_API_URL', 'MERCADOPAGO_API_URL', 'GOOGLE_ANALYTICS_DATA_URL', 'GOOGLE_AD_MANAGER_URL'];
    // What the ses permission brings with it (infra/constructs/permissions.ts).
    const sending = ['SES_CONFIGURATION_SET', 'MAIL_SEND_RATE'];
    for (const { fn, permissions } of functions) {
      const context = contextNamed(fn.context as ContextName);
      const sends = permissions.some((permission) => permission.service === 'ses');
      const declared = new Set([...context.environment.filter((name) => !localOnly.includes(name)), ...(sends ? sending : [])]);
      const portalVariables = Object.keys(variablesOf(fn)).filter((name) => (ENV_NAMES as readonly string[]).includes(name));
      expect(portalVariables.sort(), fn.context).toEqual([...declared].sort());
    }
    const mail = variablesOf(stack.pipelines.workers.get('welcome-mail')!.worker);
    expect(mail.MAIL_FROM).toBe('Portal Plural <nao-responda@portal.example>');
    expect(mail.SES_CONFIGURATION_SET).toEqual({ Ref: logicalIdOf(stack.mail.configurationSet) });
    expect(mail.MAIL_SEND_RATE).toBe('14');
    expect(JSON.stringify(mail.SITE_URL)).toContain(logicalIdOf(stack.site.distribution));
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
    // No other function reaches the media bucket's objects, but the cover-variants worker (next test)
    // and the imports context's function and workers, under imports/ only (the test after it).
    const allowed = [
      role,
      logicalIdOf(stack.pipelines.workers.get('cover-variants')!.worker.role),
      logicalIdOf(stack.api.functions.get('imports')!.role),
      logicalIdOf(stack.pipelines.workers.get('import-parse')!.worker.role),
      logicalIdOf(stack.pipelines.workers.get('import-batch')!.worker.role),
      // The privacy context's function and workers, under privacy/exports/ only (tested below).
      logicalIdOf(stack.api.functions.get('privacy')!.role),
      logicalIdOf(stack.pipelines.workers.get('privacy-export')!.worker.role),
      logicalIdOf(stack.pipelines.workers.get('privacy-erase')!.worker.role),
    ];
    const others = Object.values(resourcesOf('AWS::IAM::Policy')).filter((policy) => !allowed.some((id) => JSON.stringify(policy.Properties.Roles).includes(id)));
    for (const policy of others) expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toContain(bucket);
  });

  it('lets the privacy function and workers reach only privacy/exports/ of the media bucket, each for its part, and expires the copies with their links', () => {
    const bucket = logicalIdOf(stack.media.bucket);
    const cases = [
      { role: stack.api.functions.get('privacy')!.role, actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'] },
      { role: stack.pipelines.workers.get('privacy-export')!.worker.role, actions: 's3:PutObject' },
      { role: stack.pipelines.workers.get('privacy-erase')!.worker.role, actions: 's3:DeleteObject' },
    ];
    for (const { role, actions } of cases) {
      const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(logicalIdOf(role)))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
        .filter((statement) => JSON.stringify(statement.Resource).includes(bucket));
      expect(statements).toEqual([expect.objectContaining({ Action: actions })]);
      expect(JSON.stringify(statements[0]!.Resource)).toContain('/privacy/exports/*');
    }
    const rules = (resourcesOf('AWS::S3::Bucket')[bucket]!.Properties.LifecycleConfiguration as { Rules: { Prefix?: string; ExpirationInDays?: number }[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'privacy/exports/', ExpirationInDays: PRIVACY_LIMITS.exportDays }));
  });

  it('lets the imports function and workers reach only imports/ of the media bucket, with multipart uploads', () => {
    const bucket = logicalIdOf(stack.media.bucket);
    const roles = [stack.api.functions.get('imports')!.role, stack.pipelines.workers.get('import-parse')!.worker.role, stack.pipelines.workers.get('import-batch')!.worker.role];
    for (const role of roles) {
      const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(logicalIdOf(role)))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement)
        .filter((statement) => JSON.stringify(statement).includes('s3:'));
      expect(statements).toEqual([
        expect.objectContaining({
          Action: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/imports/*']] },
        }),
      ]);
    }
    // The files and chunks are working copies: S3 removes them after a week.
    const rules = (resourcesOf('AWS::S3::Bucket')[bucket]!.Properties.LifecycleConfiguration as { Rules: { Prefix?: string; ExpirationInDays?: number }[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'imports/', ExpirationInDays: 7 }));
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

  it('lets the feeds worker only put the generated files into the site bucket and read back its sitemaps, named by SITE_BUCKET', () => {
    const bucket = logicalIdOf(stack.site.bucket);
    const { worker } = stack.pipelines.workers.get('site-feeds')!;
    const role = logicalIdOf(worker.role);
    const rolesOf = (policy: Resource) => JSON.stringify(policy.Properties.Roles);
    const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => rolesOf(policy).includes(role))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement)
      .filter((statement) => JSON.stringify(statement).includes('s3:'));
    const keys = SITE_FILE_KEYS.map((key) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${key}`]] }));
    // Reading: the sitemaps only (an import's update extends them), not the feeds nor the web build.
    const readable = ['sitemap.xml', 'sitemap-*.xml'].map((key) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${key}`]] }));
    expect(statements).toEqual([
      expect.objectContaining({ Action: 's3:PutObject', Resource: expect.arrayContaining(keys) }),
      expect.objectContaining({ Action: 's3:GetObject', Resource: expect.arrayContaining(readable) }),
    ]);
    expect(statements[1]!.Resource).toHaveLength(readable.length);
    expect(statements[0]!.Resource).toHaveLength(keys.length);
    const variables = (resourcesOf('AWS::Lambda::Function')[logicalIdOf(worker.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.SITE_BUCKET).toEqual({ Ref: bucket });
    // No other portal function reaches the site bucket but the search index's writers (the test after
    // it; CDK's deployment of the web build does, on its own role).
    const writers = [role, ...searchIndexWriters().map((fn) => logicalIdOf(fn.role))];
    const portalRoles = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction).map((fn) => logicalIdOf(fn.role));
    const others = Object.values(resourcesOf('AWS::IAM::Policy')).filter(
      (policy) => !writers.some((id) => rolesOf(policy).includes(id)) && portalRoles.some((id) => rolesOf(policy).includes(id)),
    );
    for (const policy of others) expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toContain(bucket);
  });

  it('lets the search index worker and its daily job put only files under pagefind/ of the site bucket, which expire when no build rewrites them', () => {
    const bucket = logicalIdOf(stack.site.bucket);
    for (const fn of searchIndexWriters()) {
      const statements = statementsOf(fn.role).filter((statement) => JSON.stringify(statement).includes('s3:'));
      expect(statements).toEqual([
        expect.objectContaining({ Action: 's3:PutObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/pagefind/*']] } }),
      ]);
      expect(resourcesOf('AWS::Lambda::Function')[logicalIdOf(fn.fn)]!.Properties).toMatchObject({ MemorySize: 4096, Timeout: 900 });
    }
    // A live index's files are written again at least every 7 days: two weeks unwritten is an old build's.
    const rules = (resourcesOf('AWS::S3::Bucket')[bucket]!.Properties.LifecycleConfiguration as { Rules: { Prefix?: string; ExpirationInDays?: number }[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'pagefind/', ExpirationInDays: SEARCH_INDEX_FILE_DAYS }));
  });

  it('lets only the users context administer Cognito users; others may only look one up, disable one, or delete one', () => {
    const policies = Object.entries(resourcesOf('AWS::IAM::Policy'));
    const withCognito = policies.filter(([, p]) => JSON.stringify(p.Properties).includes('cognito-idp:'));
    // The users context's HTTP function and its author-role worker administer; applications reads.
    const administering = withCognito.filter(([, p]) => JSON.stringify(p.Properties).includes('cognito-idp:AdminCreateUser'));
    expect(administering).toHaveLength(2);
    expect(administering.some(([, p]) => JSON.stringify(p.Properties.Roles).includes(logicalIdOf(stack.api.functions.get('users')!.role)))).toBe(true);
    const others = withCognito.filter(([, p]) => !JSON.stringify(p.Properties).includes('cognito-idp:AdminCreateUser'));
    const actionsOf = (role: { node: { defaultChild?: unknown } }) =>
      others.filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(logicalIdOf(role as never))).flatMap(([, p]) => JSON.stringify(p.Properties.PolicyDocument).match(/cognito-idp:\w+/g));
    // Applications looks an applicant's account up; privacy disables an account whose deletion is
    // confirmed; the users context's erase worker deletes it.
    expect(others).toHaveLength(3);
    expect(actionsOf(stack.api.functions.get('applications')!.role)).toEqual(['cognito-idp:AdminGetUser']);
    expect(actionsOf(stack.api.functions.get('privacy')!.role)).toEqual(['cognito-idp:AdminDisableUser']);
    expect(actionsOf(stack.pipelines.workers.get('users-erase')!.worker.role)).toEqual(['cognito-idp:AdminDeleteUser']);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: [
              'cognito-idp:AdminCreateUser',
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:AdminGetUser',
              'cognito-idp:AdminSetUserMFAPreference',
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
    it('routes the matching events from its bus to its queue', () => {
      const { queue } = stack.pipelines.workers.get(name)!;
      template.hasResourceProperties('AWS::Events::Rule', {
        // The account's default bus for AWS services' events, the portal's bus for domain events.
        EventBusName: pipeline.bus === 'default' ? 'default' : { Ref: logicalIdOf(stack.pipelines.bus) },
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
        // Its own batching window (a debounce: the search index), else 1 s for batches above 10.
        ...(pipeline.batchWindowSeconds || pipeline.batchSize > 10 ? { MaximumBatchingWindowInSeconds: pipeline.batchWindowSeconds ?? 1 } : {}),
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
              Action: 'ses:SendEmail',
              Condition: { StringEquals: { 'ses:FromAddress': 'nao-responda@portal.example' } },
            }),
          ]),
        },
      });
    }
  });
});

describe('page purge', () => {
  it('lets the page-purge worker invalidate the site distribution, and nothing broader', () => {
    const { worker } = stack.pipelines.workers.get('page-purge')!;
    const cloudfront = statementsOf(worker.role).filter((statement) => JSON.stringify(statement.Action).includes('cloudfront:'));
    expect(cloudfront).toEqual([{ Action: 'cloudfront:CreateInvalidation', Effect: 'Allow', Resource: distributionArn() }]);
    // No other function of the portal touches CloudFront.
    const others = stack.node
      .findAll()
      .filter((c): c is PortalFunction => c instanceof PortalFunction && c !== worker)
      .flatMap((fn) => statementsOf(fn.role));
    expect(JSON.stringify(others)).not.toContain('cloudfront:');
  });

  it('names the distribution in DISTRIBUTION_ID and reads its events from a queue with a DLQ', () => {
    const { worker, queue, dlq } = stack.pipelines.workers.get('page-purge')!;
    const variables = (resourcesOf('AWS::Lambda::Function')[logicalIdOf(worker.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.DISTRIBUTION_ID).toEqual({ Ref: logicalIdOf(stack.site.distribution) });
    expect(resourcesOf('AWS::SQS::Queue')[logicalIdOf(queue)]!.Properties.RedrivePolicy).toMatchObject({
      deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(dlq), 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(queue), 'Arn'] },
      FunctionName: { Ref: logicalIdOf(worker.fn) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('renderer', () => {
  const renderFunction = () => resourcesOf('AWS::Lambda::Function')[logicalIdOf(stack.renderer.function.fn)]!;

  it('renders the pages with a Node.js 22 arm64 Lambda of the pages context, with CPU to spare', () => {
    expect(RENDERER).toMatchObject({ context: 'pages', file: 'render' });
    expect(stack.renderer.function.entry).toMatch(/lambdas\/pages\/render\.ts$/);
    expect(renderFunction().Properties).toMatchObject({
      Description: RENDERER!.description,
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 1024,
      Timeout: 10,
      TracingConfig: { Mode: 'Active' },
    });
  });

  it('is reachable only through a Function URL with IAM auth, answered whole', () => {
    template.resourceCountIs('AWS::Lambda::Url', 1);
    template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      InvokeMode: 'BUFFERED',
      TargetFunctionArn: { 'Fn::GetAtt': [logicalIdOf(stack.renderer.function.fn), 'Arn'] },
    });
  });

  it('only reads the table, and gets nothing derived from the distribution (which has it as its origin)', () => {
    const table = logicalIdOf(stack.data.table);
    const data = statementsOf(stack.renderer.function.role).filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'));
    expect(data).toEqual([
      {
        Action: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'],
        Effect: 'Allow',
        Resource: [{ 'Fn::GetAtt': [table, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [table, 'Arn'] }, '/index/*']] }],
      },
    ]);
    const variables = (renderFunction().Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const portalVariables = Object.keys(variables).filter((name) => (ENV_NAMES as readonly string[]).includes(name));
    expect(portalVariables).toEqual(['TABLE_NAME']);
    expect(JSON.stringify(renderFunction())).not.toContain(logicalIdOf(stack.site.distribution));
  });
});

describe('site', () => {
  const distributionConfig = (): Record<string, unknown> =>
    Object.values(resourcesOf('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as Record<string, unknown>;
  const behaviour = (pattern: string): Record<string, unknown> =>
    (distributionConfig().CacheBehaviors as Record<string, unknown>[]).find((b) => b.PathPattern === pattern)!;
  const origin = (id: unknown): Record<string, unknown> =>
    (distributionConfig().Origins as Record<string, unknown>[]).find((o) => o.Id === id)!;

  it('serves every file (a path with a dot) from the private site bucket through origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    const config = distributionConfig();
    // The root is a rendered page, not index.html.
    expect(config.DefaultRootObject).toBeUndefined();
    const files = behaviour('*.*');
    expect(files).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true, CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6' }); // CachingOptimized
    const siteOrigin = origin(files.TargetOriginId);
    expect(siteOrigin.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(stack.site.bucket), 'RegionalDomainName'] });
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    // The API and the media first, then the files; the rest is the render function's.
    expect((config.CacheBehaviors as Record<string, unknown>[]).map((b) => b.PathPattern)).toEqual(['/api/*', '/media/*', '/pagefind/*', '*.*']);
  });

  it('sends every other address to the render function through its Function URL, with origin access control', () => {
    const defaults = distributionConfig().DefaultCacheBehavior as Record<string, unknown>;
    expect(defaults).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
    expect(defaults.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    const pages = origin(defaults.TargetOriginId);
    expect(JSON.stringify(pages.DomainName)).toContain(logicalIdOf(stack.renderer.url));
    expect(pages.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    const oacId = JSON.stringify(pages.OriginAccessControlId);
    const [oac] = Object.entries(resourcesOf('AWS::CloudFront::OriginAccessControl')).filter(([id]) => oacId.includes(id));
    expect(oac![1].Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    // Only this distribution may call the function (through its URL).
    const permissions = Object.values(resourcesOf('AWS::Lambda::Permission')).filter((p) => p.Properties.Principal === 'cloudfront.amazonaws.com');
    expect(permissions.map((p) => p.Properties.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const permission of permissions) {
      expect(JSON.stringify(permission.Properties.FunctionName)).toContain(logicalIdOf(stack.renderer.url));
      expect(permission.Properties.SourceArn).toEqual(distributionArnByPartition());
    }
    // No index.html rewrite and no error-page substitution: the function answers the SPA shell itself.
    expect(distributionConfig().CustomErrorResponses).toBeUndefined();
    expect(JSON.stringify(resourcesOf('AWS::CloudFront::Function'))).not.toContain('/index.html');
  });

  it('keys cached pages on the path and the city and page parameters only, with the TTL the origin sends', () => {
    const defaults = distributionConfig().DefaultCacheBehavior as Record<string, unknown>;
    expect(defaults.CachePolicyId).toEqual({ Ref: logicalIdOf(stack.site.pageCachePolicy) });
    const policy = resourcesOf('AWS::CloudFront::CachePolicy')[logicalIdOf(stack.site.pageCachePolicy)]!;
    expect(policy.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 365 * 24 * 3600,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: [...PAGE_QUERY_KEYS] },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    expect([...PAGE_QUERY_KEYS].sort()).toEqual(['city', 'page']);
    // Beyond the cache key the function receives only the viewer host: no cookies, no other headers.
    const requestPolicy = Object.entries(resourcesOf('AWS::CloudFront::OriginRequestPolicy')).find(([id]) =>
      JSON.stringify(defaults.OriginRequestPolicyId).includes(id),
    );
    expect(requestPolicy![1].Properties.OriginRequestPolicyConfig).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: [VIEWER_HOST_HEADER] },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
    });
  });

  it('passes the viewer host to the render function from the edge', () => {
    const defaults = distributionConfig().DefaultCacheBehavior as Record<string, unknown>;
    expect(defaults.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const fnId = JSON.stringify(defaults.FunctionAssociations);
    const [, fn] = Object.entries(resourcesOf('AWS::CloudFront::Function')).find(([id]) => fnId.includes(id))!;
    const handler = new Function(`${String(fn.Properties.FunctionCode)}; return handler;`)() as (e: unknown) => { headers: Record<string, { value: string }> };
    const request = handler({ request: { uri: '/', headers: { host: { value: 'd111.cloudfront.net' }, [VIEWER_HOST_HEADER]: { value: 'evil.example' } } } });
    expect(request.headers[VIEWER_HOST_HEADER]).toEqual({ value: 'd111.cloudfront.net' });
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
      // Rendered pages name the build's hashed bundles: a deploy empties the page cache.
      DistributionId: { Ref: logicalIdOf(stack.site.distribution) },
      DistributionPaths: ['/*'],
    });
    const markers = Object.assign({}, ...(deployment!.Properties.SourceMarkers as object[])) as Record<string, unknown>;

    const configDir = readdirSync(assemblyDir).find((dir) => existsSync(join(assemblyDir, dir, 'config.json')));
    expect(configDir).toBeDefined();
    const config = JSON.parse(readFileSync(join(assemblyDir, configDir!, 'config.json'), 'utf8')) as Record<string, string>;
    expect(config).toMatchObject({ apiBase: '/api', mediaBase: '/media' });
    // The stack has an explicit region (the edge stacks' cross-region references need one).
    expect(config.region).toBe(TEST_REGION);
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
    // The HTTP functions, the workers (of pipelines and of directly fed queues), the scheduled jobs, the outbox publisher, the render function and the WebSocket function.
    expect(entries.length).toBe(HTTP_CONTEXTS.length + PIPELINES.length + INGEST_QUEUES.length + SCHEDULES.length + 3);
    for (const entry of entries) expect(existsSync(entry), entry).toBe(true);
  });
});

describe('stacks', () => {
  // CloudFormation takes at most 500 resources a stack; each nested stack has 500 of its own. Under
  // 400 a stack leaves room for the next contexts' routes and workers: the context that would take one
  // past it fails here rather than at deploy. The counts are printed with the test; at the split
  // (481 resources in one stack before): PortalStack 268, PortalStack/Workers 212.
  const BUDGET = 400;
  const countOf = (own: Template) => Object.keys(own.toJSON().Resources as object).length;
  const rootResources = () => Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;

  it(`keeps the root stack and every nested stack under ${BUDGET} resources`, () => {
    const parts = stackTemplates(stack);
    expect(parts.map(({ stack: part }) => part.node.path)).toEqual(['PortalStack', 'PortalStack/Workers', 'PortalStack/Workers/Monitoring']);
    const counts = parts.map(({ stack: part, template: own }) => ({ stack: part.node.path, resources: countOf(own) }));
    console.info(`Resources by stack (CloudFormation's limit is 500 each): ${counts.map((c) => `${c.stack} ${c.resources}`).join(', ')}`);
    for (const { stack: path, resources } of counts) expect(resources, `${path}: ${resources} resources`).toBeLessThan(BUDGET);
  });

  it('puts the bus and its publisher, the pipelines, the scheduled jobs and the queue workers in the workers’ nested stack', () => {
    const workers = stack.workers;
    expect(NestedStack.isNestedStack(workers)).toBe(true);
    const nested = [
      stack.pipelines.bus,
      stack.pipelines.publisher,
      stack.pipelines.publisherDlq,
      ...[...stack.pipelines.workers.values()].flatMap(({ queue, dlq, rule, worker }) => [queue, dlq, rule, worker]),
      ...[...stack.schedules.jobs.values()].flatMap(({ rule, dlq, job }) => [rule, dlq, job]),
      ...[...stack.ingest.queues.values()].map(({ worker }) => worker!),
    ];
    expect(nested.length).toBe(3 + 4 * PIPELINES.length + 3 * SCHEDULES.length + INGEST_QUEUES.length);
    for (const construct of nested) expect(Stack.of(construct).node.path, construct.node.path).toBe(workers.node.path);
    // Their resources are in the nested template, not in the root's.
    const own = Template.fromStack(workers).toJSON().Resources as Record<string, Resource>;
    for (const { worker } of stack.pipelines.workers.values()) {
      expect(own[logicalIdOf(worker.fn)]?.Type, worker.node.path).toBe('AWS::Lambda::Function');
      expect(rootResources()).not.toHaveProperty([logicalIdOf(worker.fn)]);
    }
  });

  it('keeps in the root what its own resources use: the HTTP, render and socket functions, and the queues they send to', () => {
    const root = [
      ...stack.api.functions.values(),
      stack.renderer.function,
      ...(stack.live.function ? [stack.live.function] : []),
      ...[...stack.ingest.queues.values()].flatMap(({ queue, dlq }) => [queue, dlq]),
      stack.data.table,
      stack.auth.userPool,
      stack.media.bucket,
      stack.site.bucket,
      stack.site.distribution,
      ...Object.values(stack.secrets.byName),
    ];
    for (const construct of root) expect(Stack.of(construct).node.path, construct.node.path).toBe(stack.node.path);
    for (const fn of stack.api.functions.values()) expect(rootResources()[logicalIdOf(fn.fn)]?.Type, fn.node.path).toBe('AWS::Lambda::Function');
  });

  it('names no resource of a nested stack in the root: the nested stacks have no outputs', () => {
    for (const { stack: part, template: own } of stackTemplates(stack).slice(1)) {
      expect(own.toJSON().Outputs ?? {}, part.node.path).toEqual({});
    }
    expect(JSON.stringify(rootResources())).not.toMatch(/"Outputs\./);
  });

  it('passes each nested stack only references to root resources, far under CloudFormation’s 200 parameters', () => {
    const nestedStacks = nestedStacksOf(stack);
    expect(nestedStacks).toHaveLength(1);
    for (const nested of nestedStacks) {
      const resource = rootResources()[stack.resolve(nested.nestedStackResource!.logicalId) as string]!;
      expect(resource.Type).toBe('AWS::CloudFormation::Stack');
      const passed = (resource.Properties.Parameters ?? {}) as Record<string, { Ref?: string; 'Fn::GetAtt'?: [string, string] }>;
      const declared = Object.keys(Template.fromStack(nested).toJSON().Parameters ?? {});
      expect(Object.keys(passed).sort()).toEqual(declared.sort());
      expect(declared.length).toBeGreaterThan(0);
      expect(declared.length).toBeLessThan(100);
      for (const [name, value] of Object.entries(passed)) {
        const target = value.Ref ?? value['Fn::GetAtt']?.[0];
        expect(rootResources(), name).toHaveProperty([target!]);
      }
    }
  });
});
