// PortalStack: the whole product in one environment-agnostic stack (no lookups, synthesizes offline),
// with its event-driven workers in a nested stack (constructs/workers.ts) to stay well under
// CloudFormation's 500 resources per stack.
import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { contextNamed, type ContextName } from '../lambdas/contexts';
import type { EnvName } from '../lambdas/platform/env';
import { EVENT_BUS_NAME } from '../lambdas/platform/contract';
import { AccessLogs } from './constructs/access-logs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { SignInFirewall } from './constructs/sign-in-firewall';
import { Data } from './constructs/data';
import { IngestQueues } from './constructs/ingest-queues';
import { Live } from './constructs/live';
import { Mail } from './constructs/mail';
import { Media } from './constructs/media';
import type { Pipelines } from './constructs/pipelines';
import { Renderer } from './constructs/renderer';
import type { Schedules } from './constructs/schedules';
import { Secrets } from './constructs/secrets';
import { readSettings } from './constructs/settings';
import { Site } from './constructs/site';
import { Workers } from './constructs/workers';
import { Monitoring, type MonitoredFunction, type MonitoredQueue } from './constructs/monitoring';
import { PortalFunction } from './constructs/portal-function';
import { acknowledgeNagFindings } from './nag-acknowledgments';

export interface PortalStackProps extends StackProps {
  /** The edge firewall's web ACL (scope CLOUDFRONT, in us-east-1: edge-firewall-stack.ts). */
  webAclArn: string;
}

export class PortalStack extends Stack {
  readonly auth: Auth;
  readonly signInFirewall: SignInFirewall;
  readonly data: Data;
  readonly media: Media;
  readonly api: Api;
  readonly live: Live;
  readonly renderer: Renderer;
  readonly site: Site;
  readonly pipelines: Pipelines;
  readonly secrets: Secrets;
  readonly mail: Mail;
  readonly schedules: Schedules;
  readonly ingest: IngestQueues;
  /** The nested stack of the workers: `pipelines`, `schedules` and the ingest queues' workers live in it. */
  readonly workers: Workers;
  /** Alarms and dashboards, nested in the workers' stack (constructs/monitoring.ts says why). */
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    const settings = readSettings(this);

    const logs = new AccessLogs(this, 'AccessLogs');
    this.auth = new Auth(this, 'Auth');
    this.signInFirewall = new SignInFirewall(this, 'SignInFirewall', { userPool: this.auth.userPool });
    this.data = new Data(this, 'Data');
    this.media = new Media(this, 'Media', { logBucket: logs.bucket, uploadOrigins: settings.uploadOrigins });
    this.api = new Api(this, 'Api', { auth: this.auth });
    // The WebSocket API of live updates; its routes come with the HTTP API's, below.
    this.live = new Live(this, 'Live');
    this.secrets = new Secrets(this, 'Secrets');
    this.mail = new Mail(this, 'Mail', { fromAddress: settings.mailFromAddress });
    // Queues the contexts' functions send to directly (beacons): their URLs go in the environment.
    this.ingest = new IngestQueues(this, 'Ingest');

    // What every Lambda reads (lambdas/platform/env.ts), but what names the site.
    const portalEnvironment = {
      TABLE_NAME: this.data.table.tableName,
      MEDIA_BUCKET: this.media.bucket.bucketName,
      EVENT_BUS_NAME,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.webClient.userPoolClientId,
      JWT_ISSUER: this.auth.issuer,
      MAIL_FROM: settings.mailFrom,
      // The analysis context's suggestions come from Amazon Comprehend on AWS (offline elsewhere).
      ANALYZER: 'comprehend',
    } satisfies Partial<Record<EnvName, string>>;

    // The render function is the distribution's origin (distribution -> origin -> Function URL ->
    // function), so it comes first and gets nothing derived from the distribution: no SITE_URL (its
    // domain) and no DISTRIBUTION_ID, either would close a cycle CloudFormation refuses. It takes the
    // site's origin from the viewer's host, which the distribution passes along (site.ts).
    this.renderer = new Renderer(this, 'Renderer', { table: this.data.table, environment: portalEnvironment });
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
        liveUrl: this.live.url,
      },
      connectSources: [this.live.origin],
      pagesUrl: this.renderer.url,
      ads: settings.ads,
      webAclArn: props.webAclArn,
    });
    // Deploy order: the hashed bundles first, then the render function whose pages name them, then
    // the shell, whose deployment empties the cache of every page rendered before.
    if (this.site.assetsDeployment) this.renderer.function.fn.node.addDependency(this.site.assetsDeployment);
    this.site.configDeployment.node.addDependency(this.renderer.function.fn);

    const environment = {
      ...portalEnvironment,
      SITE_BUCKET: this.site.bucket.bucketName,
      SITE_URL: this.site.url,
      DISTRIBUTION_ID: this.site.distribution.distributionId,
      LIVE_CONNECTIONS_URL: this.live.stage.callbackUrl,
      // STRIPE_API_URL and MERCADOPAGO_API_URL stay unset: the providers' own hosts.
      PAYMENTS_SECRET_ID: this.secrets.byName.payments.secretArn,
      NEWSLETTER_SECRET_ID: this.secrets.byName.newsletter.secretArn,
      ANALYTICS_SECRET_ID: this.secrets.byName.analytics.secretArn,
      // GOOGLE_ANALYTICS_DATA_URL and GOOGLE_AD_MANAGER_URL stay unset too: Google's own hosts.
      GOOGLE_SECRET_ID: this.secrets.byName.google.secretArn,
      // Also set on every function with the ses permission, whatever its context declares.
      SES_CONFIGURATION_SET: this.mail.configurationSet.configurationSetName,
      MAIL_SEND_RATE: String(settings.mailSendRate),
      ...this.ingest.environment,
    } satisfies Partial<Record<EnvName, string>>;

    const grantTargets = {
      userPool: this.auth.userPool,
      mediaBucket: this.media.bucket,
      siteBucket: this.site.bucket,
      mail: {
        fromAddress: settings.mailFromAddress,
        identityArn: this.mail.identity.emailIdentityArn,
        configurationSetName: this.mail.configurationSet.configurationSetName,
        configurationSetArn: this.mail.configurationSetArn,
        sendRate: settings.mailSendRate,
      },
      distribution: this.site.distribution,
      liveStage: this.live.stage,
      secrets: this.secrets.byName,
    };
    this.api.addContextRoutes({ environment, table: this.data.table, ...grantTargets });
    this.live.addRoutes({ environment, table: this.data.table, ...grantTargets });
    this.ingest.grantSenders(this.api.functions);
    // The bus and its publisher, the pipelines, the scheduled jobs and the ingest queues' workers: a
    // nested stack that uses the root's resources (as parameters), which never name one of its own.
    this.workers = new Workers(this, 'Workers', { table: this.data.table, environment, ingest: this.ingest, ...grantTargets });
    this.pipelines = this.workers.pipelines;
    // The failure drill: the function that moves DLQ messages back sends them to their source queues.
    for (const [name, fn] of this.api.functions) {
      if (!contextNamed(name as ContextName).permissions.some((permission) => permission.service === 'dead-letter-queues')) continue;
      this.workers.grantRedrive(fn.role);
      this.ingest.grantRedrive(fn.role);
    }
    this.schedules = this.workers.schedules;
    this.monitoring = new Monitoring(this.workers, 'Monitoring', {
      alarmEmail: settings.alarmEmail,
      functions: this.monitoredFunctions(),
      queues: this.monitoredQueues(),
      scheduleRules: new Map([...this.schedules.jobs].map(([name, { rule }]) => [name, rule])),
      httpApi: this.api.httpApi,
      webSocket: { api: this.live.api, stage: this.live.stage },
      table: this.data.table,
      distribution: this.site.distribution,
      prefix: this.stackName,
    });

    const outputs: Record<string, string> = {
      SiteUrl: this.site.url,
      ApiUrl: this.api.httpApi.apiEndpoint,
      LiveUrl: this.live.url,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.webClient.userPoolClientId,
      TableName: this.data.table.tableName,
      MediaBucketName: this.media.bucket.bucketName,
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
    new CfnOutput(this, 'PaymentsSecretArn', {
      value: this.secrets.byName.payments.secretArn,
      description: 'Created with placeholder values: put the Stripe and Mercado Pago keys in (same JSON keys) after the first deploy',
    });

    // Easy DKIM verifies the sender's domain once these CNAME records are in its DNS.
    this.mail.identity.dkimRecords.forEach((record, index) =>
      new CfnOutput(this, `MailDkimRecord${index + 1}`, { value: Fn.join(' ', [record.name, 'CNAME', record.value]), description: 'Publish in the sender domain’s DNS (SES Easy DKIM)' }),
    );

    acknowledgeNagFindings(this);
  }

  /** Every function the contracts made, by what it is; a function found nowhere here stops the synth. */
  private monitoredFunctions(): MonitoredFunction[] {
    const functions: MonitoredFunction[] = [
      ...[...this.api.functions].map(([name, fn]) => ({ id: `http-${name}`, kind: 'http' as const, fn })),
      { id: 'renderer', kind: 'renderer', fn: this.renderer.function },
      ...(this.live.function ? [{ id: 'socket', kind: 'socket' as const, fn: this.live.function }] : []),
      { id: 'outbox-publisher', kind: 'publisher', fn: this.pipelines.publisher },
      ...[...this.pipelines.workers].map(([name, { worker }]) => ({ id: `worker-${name}`, kind: 'worker' as const, fn: worker })),
      ...[...this.ingest.queues].flatMap(([name, { worker }]) => (worker ? [{ id: `queue-${name}`, kind: 'queue-worker' as const, fn: worker }] : [])),
      ...[...this.schedules.jobs].map(([name, { job }]) => ({ id: `job-${name}`, kind: 'job' as const, fn: job })),
    ];
    const listed = new Set(functions.map(({ fn }) => fn));
    const unlisted = this.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction && !listed.has(c));
    if (unlisted.length) throw new Error(`Functions without alarms: ${unlisted.map((fn) => fn.node.path).join(', ')}`);
    return functions;
  }

  /** Every DLQ, with the queue it catches for (none for a job's or the outbox's). */
  private monitoredQueues(): MonitoredQueue[] {
    return [
      { id: 'outbox', context: 'outbox', dlq: this.pipelines.publisherDlq },
      ...[...this.pipelines.workers].map(([name, { queue, dlq, worker }]) => ({ id: name, context: worker.context, queue, dlq })),
      ...[...this.ingest.queues].map(([name, { queue, dlq, worker }]) => ({ id: name, context: worker!.context, queue, dlq })),
      ...[...this.schedules.jobs].map(([name, { dlq, job }]) => ({ id: name, context: job.context, dlq })),
    ];
  }
}
