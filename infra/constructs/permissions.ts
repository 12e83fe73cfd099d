// A context's declared permissions (lambdas/<context>/contract.ts) turned into IAM grants, the same
// way for its HTTP Lambda and its workers.
import { Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Permission, SecretName } from '../../lambdas/platform/contract';
import type { EnvName } from '../../lambdas/platform/env';
import { DEAD_LETTER_QUEUES } from '../../lambdas/operations/dead-letters';
import type { PortalFunction } from './portal-function';

export interface GrantTargets {
  userPool: cognito.IUserPool;
  mediaBucket: s3.IBucket;
  /** The bucket CloudFront serves by default (the web build and the generated sitemaps and feeds). */
  siteBucket: s3.IBucket;
  /** The portal's sending: functions may send e-mail only from its address, through its identity and configuration set. */
  mail: MailTargets;
  /** The site's distribution, whose cached pages the pages context invalidates. */
  distribution: cloudfront.IDistribution;
  /** The stage of the portal's WebSocket API, whose connections the live context posts to. */
  liveStage?: apigw.IWebSocketStage;
  /** The stack's Secrets Manager secrets (SECRET_NAMES). */
  secrets: Record<SecretName, secretsmanager.ISecret>;
}

export interface MailTargets {
  /** Bare sender address (the ses:FromAddress condition). */
  fromAddress: string;
  identityArn: string;
  configurationSetName: string;
  configurationSetArn: string;
  /** E-mails a second the account may send. */
  sendRate: number;
}

export function grantPermissions(fn: PortalFunction, permissions: readonly Permission[], targets: GrantTargets): void {
  for (const permission of permissions) {
    switch (permission.service) {
      case 'cognito':
        targets.userPool.grant(fn.role, ...permission.actions.map((action) => `cognito-idp:${action}`));
        break;
      case 's3':
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: permission.actions, resources: [targets.mediaBucket.arnForObjects(`${permission.prefix}*`)] }),
        );
        break;
      case 'site-bucket':
        // Write only, and only the declared keys: the web build beside them stays out of reach.
        fn.role.addToPrincipalPolicy(
          // IAM's `*` spans folders: a key's `**` (any path below a folder) is one.
          new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: permission.write.map((key) => targets.siteBucket.arnForObjects(key.replace('**', '*'))) }),
        );
        // Reading back its own files (the feeds after an import), when declared: those keys only.
        if (permission.read?.length)
          fn.role.addToPrincipalPolicy(
            new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: permission.read.map((key) => targets.siteBucket.arnForObjects(key.replace('**', '*'))) }),
          );
        break;
      case 'ses':
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            // SES v2 SendEmail (simple or raw) authorizes against the sender's identity and the
            // configuration set it names; the condition pins the sender's address.
            actions: ['ses:SendEmail'],
            resources: [targets.mail.identityArn, targets.mail.configurationSetArn],
            conditions: { StringEquals: { 'ses:FromAddress': targets.mail.fromAddress } },
          }),
        );
        // Every send names the configuration set (its events and suppression), and paces itself under the rate.
        fn.fn.addEnvironment('SES_CONFIGURATION_SET' satisfies EnvName, targets.mail.configurationSetName);
        fn.fn.addEnvironment('MAIL_SEND_RATE' satisfies EnvName, String(targets.mail.sendRate));
        break;
      case 'cloudfront':
        // cloudfront:CreateInvalidation on arn:<partition>:cloudfront::<account>:distribution/<id>, nothing else.
        targets.distribution.grantCreateInvalidation(fn.role);
        break;
      case 'comprehend':
        // The real-time Detect* calls have no resource to name: '*' (acknowledged in nag-acknowledgments.ts).
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: permission.actions.map((action) => `comprehend:${action}`), resources: ['*'] }),
        );
        break;
      case 'websocket': {
        // execute-api:ManageConnections for PostToConnection only (POST), on this API's stage only.
        const stage = targets.liveStage;
        if (!stage) throw new Error(`${fn.node.path}: a websocket permission needs the WebSocket API's stage`);
        const api = Stack.of(fn).formatArn({ service: 'execute-api', resource: stage.api.apiId });
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [`${api}/${stage.stageName}/POST/@connections/*`] }),
        );
        break;
      }
      case 'dead-letter-queues':
        // Every DLQ by its fixed name (no reference to the workers' nested stack): read, peek and move
        // back. SendMessage on the source queues is granted where they are (Workers.grantRedrive).
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: [
              'sqs:GetQueueUrl',
              'sqs:GetQueueAttributes',
              'sqs:ReceiveMessage',
              'sqs:ChangeMessageVisibility',
              'sqs:DeleteMessage',
              'sqs:StartMessageMoveTask',
              'sqs:ListMessageMoveTasks',
            ],
            resources: DEAD_LETTER_QUEUES.map((dlq) => Stack.of(fn).formatArn({ service: 'sqs', resource: dlq.queue })),
          }),
        );
        break;
      case 'secrets': {
        // GetSecretValue (and DescribeSecret) on the named secret only.
        const secret = targets.secrets[permission.read];
        secret.grantRead(fn.role);
        // A new value and nothing else: no UpdateSecret (its description, key or rotation).
        if (permission.write) fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [secret.secretArn] }));
        break;
      }
    }
  }
}

/** Only the variables a context declares it reads. */
export function environmentFor(names: readonly string[], all: Record<string, string>): Record<string, string> {
  return Object.fromEntries(names.filter((name) => name in all).map((name) => [name, all[name]!]));
}
