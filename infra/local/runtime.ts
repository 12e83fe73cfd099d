// Starts the whole portal on this machine: the stand-ins, the pollers, the gateway and (first start)
// the demo content. `stop()` ends every child process and server.
// First: the Lambdas' logger and metrics read it when lambdas/platform is first imported (below).
import { POWERTOOLS_ENV } from './powertools-env';
import type { ChildProcess } from 'node:child_process';
import { register } from 'node:module';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVENT_BUS_NAME, SECRET_NAMES } from '../../lambdas/platform/contract';
import { HTTP_CONTEXTS, INGEST_QUEUES, PIPELINES, RENDERER, SCHEDULES, WEBSOCKET } from '../../lambdas/contexts';
import type { RuntimeConfig } from '../../shared/api-types';
import { SEARCH_FACETS_FILE, SEARCH_INDEX_PREFIX } from '../../shared/search';
import { LOCAL_DISTRIBUTION_ID, startCloudFront } from './cloudfront';
import { ensurePool, issuerOf, startCognito } from './cognito';
import { startCognitoAdmin } from './cognito-admin';
import { EdgeCache } from './edge-cache';
import { localUrl, STAND_IN_NAMES, type LocalConfig } from './config';
import { checkJava, ensureTable, startDynamo } from './dynamodb';
import { startGateway } from './gateway';
import { loadDemoServiceAccount, startGoogle } from './google';
import { LIVE_PATH, LocalWebSocketApi, startConnectionsApi } from './live';
import { startPaymentsSandbox } from './payments-sandbox';
import { analyticsSecret, loadGeneratedKey, newsletterSecret } from './generated-keys';
import { loadPaymentKeys, paymentsSecret } from './payment-keys';
import { startQueuePoller, startStreamPoller, type Poller } from './pollers';
import { startSchedules, type LocalSchedules, type ScheduledHandler } from './schedules';
import { startSecrets } from './secrets';
import { demoTotpFile, seedDemo } from './seed';
import { startSes, startSesBackend } from './ses';
import { queueName, queueUrl, startEventBus, startMail, startS3, startSqs } from './standins';
import { waitFor } from './wait';

export class PortBusyError extends Error {}

export interface Runtime {
  config: LocalConfig;
  url: string;
  mailUrl: string;
  seeded: boolean;
  stop(): Promise<void>;
}

/** SES's configuration set locally: its events reach the default bus as the CDK's does (ses.ts). */
const SES_CONFIGURATION_SET = 'portal-mail';
/** E-mails a second the SES stand-in is said to allow (MAIL_SEND_RATE overrides it, for a bench). */
const LOCAL_MAIL_SEND_RATE = '100';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** What the user must fix before anything starts: Java for DynamoDB Local, and free ports. */
export async function preflight(config: LocalConfig) {
  checkJava();
  for (const [name, port] of Object.entries(config.ports) as [keyof LocalConfig['ports'], number][]) {
    if (!(await portFree(port))) {
      throw new PortBusyError(
        `A porta ${port} (${STAND_IN_NAMES[name]}) está ocupada: pare o outro processo ou escolha outra base, por exemplo PORT=${config.ports.gateway + 100} npm start.`,
      );
    }
  }
}

/** s3rver's fixed key pair (alphanumeric, as DynamoDB Local requires); the other stand-ins accept any. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The environment the Lambdas read: the same names the CDK stack sets, pointed at the stand-ins. */
function lambdaEnvironment(config: LocalConfig, pool: { userPoolId: string; userPoolClientId: string }, cognitoAdminUrl: string): Record<string, string> {
  return {
    AWS_REGION: config.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: localUrl(config.ports.dynamodb),
    // cognito-local behind the stand-in that e-mails invitations as Cognito does (cognito-admin.ts).
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoAdminUrl,
    AWS_ENDPOINT_URL_S3: localUrl(config.ports.s3),
    AWS_ENDPOINT_URL_SQS: localUrl(config.ports.sqs),
    AWS_ENDPOINT_URL_EVENTBRIDGE: localUrl(config.ports.events),
    AWS_ENDPOINT_URL_CLOUDFRONT: localUrl(config.ports.cloudfront),
    AWS_ENDPOINT_URL_SECRETS_MANAGER: localUrl(config.ports.secrets),
    AWS_ENDPOINT_URL_SESV2: localUrl(config.ports.ses),
    PAYMENTS_SECRET_ID: SECRET_NAMES.payments,
    NEWSLETTER_SECRET_ID: SECRET_NAMES.newsletter,
    ANALYTICS_SECRET_ID: SECRET_NAMES.analytics,
    GOOGLE_SECRET_ID: SECRET_NAMES.google,
    // The queues contexts send to directly (on AWS each queue's URL).
    ...Object.fromEntries(INGEST_QUEUES.map((queue) => [queue.urlVariable, queueUrl(config, queueName(queue))])),
    // The providers' sandboxes (payments-sandbox/), as the AWS_ENDPOINT_URL_* point at the stand-ins.
    STRIPE_API_URL: localUrl(config.ports.stripe),
    MERCADOPAGO_API_URL: localUrl(config.ports.mercadoPago),
    // Google's APIs for the analytics settings (google.ts); the token endpoint is the key file's token_uri.
    GOOGLE_ANALYTICS_DATA_URL: localUrl(config.ports.google),
    GOOGLE_AD_MANAGER_URL: localUrl(config.ports.google),
    // The WebSocket API's management endpoint (on AWS the stage's callback URL).
    LIVE_CONNECTIONS_URL: localUrl(config.ports.connections),
    DISTRIBUTION_ID: LOCAL_DISTRIBUTION_ID,
    TABLE_NAME: config.tableName,
    MEDIA_BUCKET: config.mediaBucket,
    SITE_BUCKET: config.siteBucket,
    EVENT_BUS_NAME,
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_ID: pool.userPoolClientId,
    JWT_ISSUER: issuerOf(config, pool.userPoolId),
    SITE_URL: `http://localhost:${config.ports.gateway}`,
    MAIL_FROM: 'Portal Plural <nao-responda@portal.local>',
    SES_CONFIGURATION_SET,
    MAIL_SEND_RATE: process.env.MAIL_SEND_RATE || LOCAL_MAIL_SEND_RATE,
    ...POWERTOOLS_ENV,
  };
}

// Stylesheets imported by the web modules the render function renders load empty, as in AWS's bundle.
register('./css-hook.mjs', import.meta.url);

async function importHandler<T>(config: LocalConfig, file: string): Promise<T> {
  const module = (await import(pathToFileURL(path.join(config.root, 'lambdas', file)).href)) as { handler: T };
  return module.handler;
}

/** Starts everything; call `preflight` first. */
export async function startRuntime(config: LocalConfig, log: (line: string) => void = console.log): Promise<Runtime> {
  // The SDK wants credentials: s3rver checks signatures against its fixed key, the others accept it.
  // The SDK's notice about Node 20 is for upgrades after the pinned versions; in AWS the functions run Node 22.
  Object.assign(process.env, {
    AWS_REGION: config.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  mkdirSync(config.dataDir, { recursive: true });
  const children: ChildProcess[] = [];
  const servers: Server[] = [];
  const pollers: Poller[] = [];
  const closers: (() => Promise<void>)[] = [];
  // Upgraded sockets are no longer the HTTP server's: closed first, so the gateway can close.
  const socketClosers: (() => Promise<void>)[] = [];
  let stopping = false;

  const stop = async () => {
    stopping = true;
    await Promise.all(pollers.map((poller) => poller.stop()));
    await Promise.all(socketClosers.map((close) => close().catch(() => undefined)));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    servers.forEach((server) => server.closeAllConnections?.());
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3000).unref();
          }),
      ),
    );
  };

  const watch = (name: string, child: ChildProcess) => {
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.once('exit', (code) => {
      if (!stopping) log(`[${name}] terminou inesperadamente (código ${code}). ${stderr.trim().split('\n').slice(-3).join(' ')}`);
    });
  };

  try {
    watch('dynamodb', startDynamo(config));
    watch('cognito', startCognito(config));
    watch('maildev', startMail(config));
    watch('aws-ses-v2-local', startSesBackend(config));
    const s3 = await startS3(config);
    closers.push(s3.close);
    // Started once the handlers are imported, below; the event bus asks for them later.
    const schedules: { started?: LocalSchedules } = {};
    const runSchedule = (name: string, time?: string) =>
      schedules.started ? schedules.started.run(name, time) : Promise.reject(new Error('schedules not started'));
    servers.push(await startSqs(config), await startEventBus(config, runSchedule));
    // The providers' keys: in the Secrets Manager stand-in for the Lambdas, and in the sandboxes that sign with them.
    const paymentKeys = loadPaymentKeys(config.dataDir);
    const secrets = await startSecrets(config);
    secrets.put(SECRET_NAMES.payments, paymentsSecret(paymentKeys));
    secrets.put(SECRET_NAMES.newsletter, newsletterSecret(loadGeneratedKey(config.dataDir, 'newsletter-key')));
    secrets.put(SECRET_NAMES.analytics, analyticsSecret(loadGeneratedKey(config.dataDir, 'analytics-key')));
    // The Google connection is the master's to save: seeded empty once, then kept as saved.
    secrets.putIfAbsent(SECRET_NAMES.google, '{}');
    servers.push(secrets.server, await startSes(config));
    // Google's APIs, knowing the demo service account whose key file a developer pastes in /analytics-settings.
    const googleKey = loadDemoServiceAccount(config.dataDir, `${localUrl(config.ports.google)}/token`);
    servers.push((await startGoogle({ port: config.ports.google, accounts: [googleKey] })).server);
    const sandbox = await startPaymentsSandbox({
      stripePort: config.ports.stripe,
      mercadoPagoPort: config.ports.mercadoPago,
      stripePublicUrl: `http://localhost:${config.ports.stripe}`,
      mercadoPagoPublicUrl: `http://localhost:${config.ports.mercadoPago}`,
      stripe: { secretKey: paymentKeys.stripeSecretKey, webhookSecret: paymentKeys.stripeWebhookSecret, webhookUrl: `${localUrl(config.ports.gateway)}/api/webhooks/stripe` },
      mercadoPago: {
        accessToken: paymentKeys.mercadoPagoAccessToken,
        webhookSecret: paymentKeys.mercadoPagoWebhookSecret,
        webhookUrl: `${localUrl(config.ports.gateway)}/api/webhooks/mercadopago`,
      },
      stateFile: path.join(config.dataDir, 'payments-sandbox.json'),
      log: (line) => {
        if (process.env.LOG_LEVEL === 'info') log(line);
      },
    });
    closers.push(() => sandbox.close());
    // CloudFront's page cache and the API that purges it.
    const edgeCache = new EdgeCache();
    servers.push(await startCloudFront(config.ports.cloudfront, edgeCache));

    await ensureTable(config);
    const pool = await ensurePool(config);
    const cognitoAdmin = await startCognitoAdmin(config);
    servers.push(cognitoAdmin.server);
    Object.assign(process.env, lambdaEnvironment(config, pool, cognitoAdmin.url));

    // The same handlers as in AWS, found through the shared route and pipeline tables.
    const handlers: Record<string, never> = {};
    for (const context of HTTP_CONTEXTS) handlers[context] = await importHandler(config, `${context}/http.ts`);
    const render = RENDERER ? await importHandler<never>(config, `${RENDERER.context}/${RENDERER.file}.ts`) : undefined;
    // The WebSocket API of live updates: the same handler, on the gateway's /ws, and its @connections stand-in.
    const live = WEBSOCKET ? new LocalWebSocketApi(WEBSOCKET, await importHandler(config, `${WEBSOCKET.context}/${WEBSOCKET.file}.ts`)) : undefined;
    if (live) {
      socketClosers.push(() => live.close());
      servers.push(await startConnectionsApi(config.ports.connections, live));
    }
    pollers.push(await startStreamPoller(config, await importHandler(config, 'outbox/publisher.ts')));
    for (const pipeline of PIPELINES) {
      pollers.push(startQueuePoller(config, pipeline, await importHandler(config, `${pipeline.context}/${pipeline.file}.ts`)));
    }
    for (const queue of INGEST_QUEUES) {
      pollers.push(startQueuePoller(config, queue, await importHandler(config, `${queue.context}/${queue.file}.ts`)));
    }
    const scheduled = [];
    for (const schedule of SCHEDULES) scheduled.push({ ...schedule, handler: await importHandler<ScheduledHandler>(config, `${schedule.context}/${schedule.file}.ts`) });
    const started = startSchedules(config, scheduled);
    schedules.started = started;
    closers.push(async () => started.stop());

    const runtimeConfig: RuntimeConfig = {
      region: config.region,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      // Relative to the page's origin, so the Vite dev server's proxy works too.
      userPoolEndpoint: '/cognito',
      apiBase: '/api',
      mediaBase: '/media',
      // Relative to the page's origin, like userPoolEndpoint (the web app makes it ws://…).
      ...(live ? { liveUrl: LIVE_PATH } : {}),
    };
    const probe = (url: string) => fetch(url).then(() => 'up' as const, () => 'down' as const);
    // DynamoDB is checked by the system context's own health handler, as in AWS.
    const health = async () => ({
      cognito: await probe(`${localUrl(config.ports.cognito)}/health`),
      s3: await probe(localUrl(config.ports.s3)),
      sqs: await probe(localUrl(config.ports.sqs)),
      eventbridge: await probe(localUrl(config.ports.events)),
      mail: await probe(localUrl(config.ports.mailWeb)),
      ses: await probe(`${localUrl(config.ports.ses)}/health-check`),
      google: await probe(localUrl(config.ports.google)),
      pollers: stopping ? ('down' as const) : ('up' as const),
    });
    await waitFor('maildev', () => fetch(localUrl(config.ports.mailWeb)), 15_000);
    await waitFor('aws-ses-v2-local', () => fetch(`${localUrl(config.ports.sesBackend)}/health-check`).then((response) => response.ok || Promise.reject(new Error(`HTTP ${response.status}`))), 15_000);

    const marker = path.join(config.dataDir, 'demo-seeded');
    let seeded = false;
    if (config.demo && !existsSync(marker)) {
      await seedDemo(log, { stripeSecretKey: paymentKeys.stripeSecretKey, runSchedule }, demoTotpFile(config.dataDir));
      writeFileSync(marker, new Date().toISOString());
      seeded = true;
    }
    // The search index is there as soon as the portal opens (an empty one for an empty portal): the
    // search page needs its script. After that, the search-index worker keeps it current.
    // (An index from before the facets file was written is built again too.)
    const search = await import('../../lambdas/search/public');
    const facets = await fetch(`${localUrl(config.ports.s3)}/${config.siteBucket}/${SEARCH_INDEX_PREFIX}${SEARCH_FACETS_FILE}`, { method: 'HEAD' });
    if (seeded || !facets.ok || !(await search.servedIndex())) await search.rebuildSearchIndex();
    // The port opens only now: before the seed has claimed master, anyone could have claimed it.
    servers.push(
      await startGateway({
        config,
        runtimeConfig,
        handlers,
        render,
        edgeCache,
        health,
        webDist: path.join(config.root, 'web/dist'),
        upgrade: live && ((request, socket, head) => void live.upgrade(request, socket, head)),
      }),
    );
    return { config, url: `http://localhost:${config.ports.gateway}`, mailUrl: `http://localhost:${config.ports.mailWeb}`, seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
