// Every cdk-nag (AWS Solutions) finding the portal accepts, in one place, each with its reason.
// cdk-nag 3 reads CDK's native acknowledgments (Validations.of(construct).acknowledge); a finding
// with a detail (IAM4/IAM5) must be acknowledged by its full id, e.g. AwsSolutions-IAM5[Resource::*],
// so a new wildcard anywhere still fails the synth.
// The workers sit in a nested stack (constructs/workers.ts): where a finding names a resource of the
// root stack, a worker's policy names it through the nested stack's parameter, and so does its id
// (referenceIn, below).
import { CfnElement, Names, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { API_ROUTES, contextNamed, PIPELINES, routeKey, type ContextName } from '../lambdas/contexts';
import { IMPORT_PREFIX } from '../lambdas/imports/items';
import { UNKNOWN_API_ROUTE } from '../lambdas/platform/contract';
import { EXPORT_PREFIX } from '../lambdas/privacy/items';
import { PortalFunction } from './constructs/portal-function';

const IMPORT_OBJECTS =
  'Import files and their chunks are named by their uploader, session and number: the imports context may put, get and delete objects (and abort multipart uploads) only under the never-served imports/ prefix of the media bucket.';
const EXPORT_OBJECTS =
  "A copy of a person's data (Meus dados) is named by their id and the request's: the privacy context may put, get (a presigned download) and delete objects only under the never-served privacy/exports/ prefix of the media bucket.";
/** Why a function may reach a prefix of the media bucket, by prefix (the media context's own are above). */
const MEDIA_PREFIX_REASONS: Record<string, string> = {
  [IMPORT_PREFIX]: IMPORT_OBJECTS,
  [EXPORT_PREFIX]: EXPORT_OBJECTS,
  'media/': "Confirmed covers are named by their author and upload time: the cover-variants worker may only GetObject an original and PutObject its WebP variants, under media/ (never uploads/).",
};
import type { EdgeAlarmsStack } from './edge-alarms-stack';
import type { PortalStack } from './stack';

export interface NagAcknowledgment {
  /** Finding ids: 'AwsSolutions-<rule>' or 'AwsSolutions-<rule>[<detail>]'. */
  ids: string[];
  reason: string;
  /** Constructs it applies to; an acknowledgment covers the construct's children. */
  on: IConstruct[];
}

const elementOf = (construct: IConstruct): CfnElement =>
  CfnElement.isCfnElement(construct) ? construct : (construct.node.defaultChild as CfnElement);

const logicalId = (construct: IConstruct): string => {
  const element = elementOf(construct);
  return Stack.of(element).resolve(element.logicalId) as string;
};

/**
 * How a policy of `consumer`'s stack names `target` (by Ref, or by `attribute` through Fn::GetAtt),
 * as cdk-nag prints it between < and >: its logical id (`X` or `X.Arn`) in its own stack; in a nested
 * stack, the parameter CDK passes it through, `referenceto<target's unique id><Ref|attribute>`
 * (aws-cdk-lib's naming: a mismatch shows as an unacknowledged finding, and fails the synth).
 */
const referenceIn = (consumer: IConstruct, target: IConstruct, attribute?: string): string => {
  const element = elementOf(target);
  if (Stack.of(consumer) === Stack.of(element)) return attribute ? `${logicalId(element)}.${attribute}` : logicalId(element);
  return `referenceto${Names.nodeUniqueId(element.node)}${attribute ?? 'Ref'}`.replace(/[^A-Za-z0-9]/g, '');
};

/**
 * The partition and region as a finding prints them inside an ARN: the stack's own when it has an
 * explicit region (PortalStack has one: the edge stacks' cross-region references need it), else the
 * pseudo parameters.
 */
const arnEnvironment = (stack: Stack): { partition: string; region: string } => ({
  partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
  region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
});

/** The constructs grouped by the stack they are in (the root or a nested stack). */
const byStack = <T extends IConstruct>(constructs: T[]): T[][] => {
  const groups = new Map<Stack, T[]>();
  for (const construct of constructs) {
    const stack = Stack.of(construct);
    groups.set(stack, [...(groups.get(stack) ?? []), construct]);
  }
  return [...groups.values()];
};

function portalAcknowledgments(stack: PortalStack): NagAcknowledgment[] {
  const functions = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction);
  const tableUsers = [
    ...stack.api.functions.values(),
    ...[...stack.pipelines.workers.values()].map((p) => p.worker),
    ...[...stack.ingest.queues.values()].flatMap((q) => (q.worker ? [q.worker] : [])),
    ...[...stack.schedules.jobs.values()].map((s) => s.job),
    stack.renderer.function,
    ...(stack.live.function ? [stack.live.function] : []),
  ];
  const mediaFunction = stack.api.functions.get('media');
  // HTTP functions that reach a prefix of the media bucket (imports, privacy), with their prefixes.
  const mediaPrefixFunctions = [...stack.api.functions.entries()].flatMap(([name, fn]) => {
    const prefixes = name === 'media' ? [] : contextNamed(name as ContextName).permissions.flatMap((permission) => (permission.service === 's3' ? [permission.prefix] : []));
    return prefixes.length ? [{ fn, prefixes }] : [];
  });
  // CDK's own singleton Lambda that copies the web build and config.json into the site bucket.
  const bucketDeployment = stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  const publicRoutes = [
    ...API_ROUTES.filter((route) => route.auth !== 'required').map((route) => stack.api.routes.get(routeKey(route))!),
    stack.api.routes.get(UNKNOWN_API_ROUTE.key)!,
  ];
  // Functions that write generated files to the site bucket, with the key patterns they declare.
  const siteWriters = tableUsers.map((fn) => ({
    fn,
    patterns: (fn.context === 'outbox' ? [] : contextNamed(fn.context).permissions)
      .flatMap((permission) => (permission.service === 'site-bucket' ? permission.write : []))
      .filter((key) => key.includes('*')),
  }));
  // Workers with media-bucket access of their own (their pipeline's `permissions`), with its prefixes.
  const mediaWorkers = PIPELINES.flatMap((pipeline) => {
    // A worker without its own permissions takes its context's (infra/constructs/pipelines.ts).
    const prefixes = (pipeline.permissions ?? contextNamed(pipeline.context).permissions).flatMap((permission) =>
      permission.service === 's3' ? [permission.prefix] : [],
    );
    const worker = stack.pipelines.workers.get(pipeline.name)?.worker;
    return worker && prefixes.length ? [{ worker, prefixes }] : [];
  });
  // Workers that post to WebSocket connections (a `websocket` permission of their pipeline).
  const livePosters = PIPELINES.filter((pipeline) => (pipeline.permissions ?? []).some((permission) => permission.service === 'websocket')).flatMap(
    (pipeline) => stack.pipelines.workers.get(pipeline.name)?.worker ?? [],
  );
  const pool = stack.auth.userPool;
  const env = arnEnvironment(stack);
  const distribution = stack.site.distribution;

  return [
    {
      ids: ['AwsSolutions-COG1'],
      reason:
        "The password policy is the product specification's: at least 8 characters with an uppercase letter and a digit; symbols are not required, and the API enforces the 100-character maximum.",
      on: [pool],
    },
    {
      ids: ['AwsSolutions-COG2'],
      reason:
        'MFA is optional (an authenticator app, TOTP; no SMS): readers sign in with a password and accounts hold no payment data (payments run at the payment providers), so a second factor is offered, not imposed.',
      on: [pool],
    },
    {
      ids: ['AwsSolutions-COG8'],
      reason:
        "The Plus feature plan (threat protection) is billed per monthly active user; the Essentials plan is used, sign-up runs only through the portal's API with server-side validation, and the stage is throttled.",
      on: [pool],
    },
    {
      ids: ['AwsSolutions-APIG4'],
      reason:
        "These routes are public by design (health, sign-up, master status, not-found, the catch-all that answers unknown /api paths with a 404, and the payment providers' webhooks, whose signature the handler verifies); routes with auth 'optional' verify a bearer token in the handler because anonymous readers must reach them too.",
      on: publicRoutes,
    },
    {
      ids: ['AwsSolutions-APIG4'],
      reason:
        "WebSocket APIs accept an authorizer on $connect only, and a browser cannot send an Authorization header on a WebSocket: the $connect handler verifies the Cognito access token (issuer, client, token use) and refuses the handshake without a valid one; every other route runs only on a connection it admitted, and subscribe checks that the user may edit the article.",
      on: [...stack.live.routes.values()],
    },
    {
      ids: ['AwsSolutions-APIG1'],
      reason:
        "Access logging of a WebSocket stage needs API Gateway's account-wide CloudWatch role, a setting of the account this stack does not own; the socket function logs every connect (with the user), refusal, subscription and disconnect as structured JSON instead.",
      on: [stack.live.stage],
    },
    ...byStack(livePosters).map((posters) => ({
      ids: [`AwsSolutions-IAM5[Resource::arn:${env.partition}:execute-api:${env.region}:<AWS::AccountId>:<${referenceIn(posters[0]!, stack.live.api)}>/${stack.live.stage.stageName}/POST/@connections/*]`],
      reason:
        'Connection ids are generated by API Gateway at connect time: the fan-out worker may only POST (PostToConnection) to connections of the live WebSocket API, on its one stage.',
      on: posters.map((fn) => fn.role),
    })),
    {
      ids: ['AwsSolutions-IAM5[Resource::*]'],
      reason:
        "X-Ray PutTraceSegments/PutTelemetryRecords (active tracing), dynamodb:ListStreams (the stream event source) and Amazon Comprehend's real-time comprehend:DetectKeyPhrases/DetectEntities with the built-in models (the analysis context) do not support resource-level permissions.",
      on: functions.map((fn) => fn.role),
    },
    ...byStack(tableUsers).map((users) => ({
      ids: [`AwsSolutions-IAM5[Resource::<${referenceIn(users[0]!, stack.data.table, 'Arn')}>/index/*]`],
      reason:
        "Functions query the single table's global secondary indexes (gsi1, gsi2); the wildcard covers only the indexes of that one table.",
      on: users.map((fn) => fn.role),
    })),
    {
      ids: [
        `AwsSolutions-IAM5[Resource::<${logicalId(stack.media.bucket)}.Arn>/uploads/*]`,
        `AwsSolutions-IAM5[Resource::<${logicalId(stack.media.bucket)}.Arn>/media/*]`,
      ],
      reason:
        'Each author uploads new objects with generated names: PutObject/GetObject/DeleteObject only under the never-served uploads/ prefix, and only PutObject (the copy of a checked image) under media/.',
      on: mediaFunction ? [mediaFunction.role] : [],
    },
    ...mediaPrefixFunctions.map(({ fn, prefixes }) => ({
      ids: prefixes.map((prefix) => `AwsSolutions-IAM5[Resource::<${logicalId(stack.media.bucket)}.Arn>/${prefix}*]`),
      reason: prefixes.map((prefix) => MEDIA_PREFIX_REASONS[prefix]).join(' '),
      on: [fn.role],
    })),
    ...mediaWorkers.map(({ worker, prefixes }) => ({
      ids: prefixes.map((prefix) => `AwsSolutions-IAM5[Resource::<${referenceIn(worker, stack.media.bucket, 'Arn')}>/${prefix}*]`),
      reason: prefixes.map((prefix) => MEDIA_PREFIX_REASONS[prefix]).join(' '),
      on: [worker.role],
    })),
    ...siteWriters
      .filter(({ patterns }) => patterns.length)
      .map(({ fn, patterns }) => ({
        // (A `**` key is IAM's `*`: infra/constructs/permissions.ts.)
        ids: patterns.map((key) => `AwsSolutions-IAM5[Resource::<${referenceIn(fn, stack.site.bucket, 'Arn')}>/${key.replace('**', '*')}]`),
        reason:
          "Generated files are named by generated values (sitemap shard numbers, city paths, the search index's content hashes under pagefind/): PutObject only on the key patterns the context declares in the site bucket, never on the web build.",
        on: [fn.role],
      })),
    {
      ids: ['AwsSolutions-L1'],
      reason:
        'The design card fixes Node.js 22 as the Lambda runtime: the same handlers run locally on Node 20 with middy 6, and Node 24 is adopted only after that dependency set is verified on it.',
      on: functions.map((fn) => fn.fn),
    },
    {
      ids: ['AwsSolutions-SQS3'],
      reason:
        "This queue is itself a dead-letter queue: the on-failure destination of the publisher's DynamoDB stream mapping.",
      on: [stack.pipelines.publisherDlq],
    },
    {
      ids: ['AwsSolutions-SQS3'],
      reason:
        "This queue is itself a dead-letter queue: where a scheduled job's events land when its rule cannot deliver them or its run still fails after Lambda's retries.",
      on: [...stack.schedules.jobs.values()].map((s) => s.dlq),
    },
    {
      ids: ['AwsSolutions-SMG4'],
      reason:
        "The secrets hold third-party keys (Stripe, Mercado Pago, the Google service account a master saves) issued and rotated at the provider, by hand, and the portal's own signing and salt keys, which rotating would invalidate (sent newsletter links, the day's visitor hashes); Secrets Manager cannot rotate the former, and the operators (or the master, in /analytics-settings) store each new key when they rotate it.",
      on: Object.values(stack.secrets.byName),
    },
    {
      ids: ['AwsSolutions-CFR1'],
      reason:
        'A public news portal is read from anywhere (readers abroad included); there is no licensing or legal reason to restrict countries.',
      on: [distribution],
    },
    {
      ids: ['AwsSolutions-CFR4'],
      reason:
        'The distribution uses the default *.cloudfront.net certificate (no custom domain yet), for which CloudFront fixes the viewer TLS policy; set minimumProtocolVersion TLSv1.2_2021 when a certificate is attached.',
      on: [distribution],
    },
    {
      ids: [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        `AwsSolutions-IAM5[Resource::arn:${env.partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${env.region}/*]`,
        `AwsSolutions-IAM5[Resource::<${logicalId(stack.site.bucket)}.Arn>/*]`,
        'AwsSolutions-L1',
      ],
      reason:
        "CDK's BucketDeployment handler (a singleton Lambda managed by aws-cdk-lib) copies the web build from the CDK asset bucket to the site bucket; its role, grants and Python runtime are set by the library, scoped to those two buckets.",
      on: bucketDeployment,
    },
    {
      ids: ['AwsSolutions-IAM5[Resource::*]'],
      reason:
        "The shell deployment invalidates the site distribution once the new build is in place (rendered pages name its hashed bundles); aws-cdk-lib grants that deploy-time handler cloudfront:CreateInvalidation and GetInvalidation on every distribution, a statement the library fixes.",
      on: bucketDeployment,
    },
  ];
}

/** Why the alarm topics are not encrypted with KMS (the same reason wherever one is). */
export const ALARM_TOPIC_SNS2 =
  "Alarm notifications carry only the alarm's name, state and metric, no personal or secret data; CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed key (with a policy for CloudWatch) would cost more than the nothing it protects.";

export function nagAcknowledgments(stack: PortalStack): NagAcknowledgment[] {
  return [
    ...portalAcknowledgments(stack),
    { ids: ['AwsSolutions-SNS2'], reason: ALARM_TOPIC_SNS2, on: [stack.monitoring.alarms.topic] },
  ];
}

/** The edge alarms stack's: its own topic (CloudWatch notifies only a topic of the alarm's region). */
export function edgeAlarmsAcknowledgments(stack: EdgeAlarmsStack): NagAcknowledgment[] {
  return [{ ids: ['AwsSolutions-SNS2'], reason: ALARM_TOPIC_SNS2, on: [stack.alarms.topic] }];
}

export function acknowledge(acknowledgments: NagAcknowledgment[]): void {
  for (const { ids, reason, on } of acknowledgments) {
    for (const construct of on) Validations.of(construct).acknowledge(...ids.map((id) => ({ id, reason })));
  }
}

export function acknowledgeNagFindings(stack: PortalStack): void {
  acknowledge(nagAcknowledgments(stack));
}
