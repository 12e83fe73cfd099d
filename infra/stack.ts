// PortalStack: the whole product in one environment-agnostic stack (no lookups, synthesizes offline).
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { EnvName } from '../lambdas/platform/env';
import { EVENT_BUS_NAME } from '../lambdas/platform/contract';
import { AccessLogs } from './constructs/access-logs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Media } from './constructs/media';
import { Pipelines } from './constructs/pipelines';
import { readSettings } from './constructs/settings';
import { Site } from './constructs/site';
import { acknowledgeNagFindings } from './nag-acknowledgments';

export class PortalStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly media: Media;
  readonly api: Api;
  readonly site: Site;
  readonly pipelines: Pipelines;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const settings = readSettings(this);

    const logs = new AccessLogs(this, 'AccessLogs');
    this.auth = new Auth(this, 'Auth');
    this.data = new Data(this, 'Data');
    this.media = new Media(this, 'Media', { logBucket: logs.bucket, uploadOrigins: settings.uploadOrigins });
    this.api = new Api(this, 'Api', { auth: this.auth });
    this.site = new Site(this, 'Site', {
      apiDomain: this.api.endpointDomain,
      mediaBucket: this.media.bucket,
      logBucket: logs.bucket,
      runtimeConfig: {
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.webClient.userPoolClientId,
        apiBase: '/api',
        mediaBase: '/media',
      },
    });

    // What every Lambda reads (lambdas/platform/env.ts); SMTP_* stay unset: AWS sends through SES.
    const environment = {
      TABLE_NAME: this.data.table.tableName,
      MEDIA_BUCKET: this.media.bucket.bucketName,
      SITE_BUCKET: this.site.bucket.bucketName,
      EVENT_BUS_NAME,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.webClient.userPoolClientId,
      JWT_ISSUER: this.auth.issuer,
      SITE_URL: this.site.url,
      MAIL_FROM: settings.mailFrom,
      MAIL_TRANSPORT: 'ses',
    } satisfies Partial<Record<EnvName, string>>;

    const grantTargets = {
      userPool: this.auth.userPool,
      mediaBucket: this.media.bucket,
      siteBucket: this.site.bucket,
      mailFromAddress: settings.mailFromAddress,
    };
    this.api.addContextRoutes({ environment, table: this.data.table, ...grantTargets });
    this.pipelines = new Pipelines(this, 'Pipelines', { table: this.data.table, environment, ...grantTargets });

    const outputs: Record<string, string> = {
      SiteUrl: this.site.url,
      ApiUrl: this.api.httpApi.apiEndpoint,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.webClient.userPoolClientId,
      TableName: this.data.table.tableName,
      MediaBucketName: this.media.bucket.bucketName,
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });

    acknowledgeNagFindings(this);
  }
}
