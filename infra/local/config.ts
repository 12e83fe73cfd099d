// Settings of the local runtime: where data lives, where the portal listens and which ports the stand-ins use.
// Every port follows from the gateway's (PORT, default 3000), so two runtimes never collide.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalConfig {
  root: string;
  dataDir: string;
  demo: boolean;
  dev: boolean;
  /** The address the gateway listens on (PORTAL_HOST); the stand-ins always listen on loopback only. */
  host: string;
  region: string;
  accountId: string;
  tableName: string;
  mediaBucket: string;
  /** The site bucket's stand-in: only the files the feeds context generates (the web build is served from disk). */
  siteBucket: string;
  ports: {
    gateway: number;
    cognito: number;
    dynamodb: number;
    s3: number;
    sqs: number;
    events: number;
    smtp: number;
    mailWeb: number;
    cloudfront: number;
    /** The WebSocket API's management stand-in (@connections), which the live fan-out worker posts to. */
    connections: number;
    /** The payment providers' sandboxes (their APIs, hosted checkout pages and signed webhooks). */
    stripe: number;
    mercadoPago: number;
    /** The Secrets Manager stand-in. */
    secrets: number;
    /** SES v2 as the Lambdas reach it: the proxy that puts SES's events on the default bus (ses.ts). */
    ses: number;
    /** aws-ses-v2-local behind that proxy, forwarding every e-mail to maildev. */
    sesBackend: number;
    /** Google's token endpoint, Analytics Data API and Ad Manager API, for the analytics settings (google.ts). */
    google: number;
  };
}

export function loadConfig(argv: string[] = process.argv.slice(2), environment = process.env): LocalConfig {
  const port = Number(environment.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65_000) throw new Error(`PORT inválida: ${environment.PORT}`);
  const demoOff = argv.includes('--empty') || environment.PORTAL_DEMO === 'off';
  return {
    root: ROOT,
    dataDir: path.resolve(environment.PORTAL_DATA_DIR ?? path.join(ROOT, '.local')),
    demo: !demoOff,
    dev: argv.includes('--dev'),
    host: environment.PORTAL_HOST || '127.0.0.1',
    region: 'us-east-1',
    accountId: '000000000000',
    tableName: 'portal',
    mediaBucket: 'portal-media',
    siteBucket: 'portal-site',
    ports: {
      gateway: port,
      cognito: port + 1,
      dynamodb: port + 2,
      s3: port + 3,
      sqs: port + 4,
      events: port + 5,
      smtp: port + 6,
      mailWeb: port + 7,
      cloudfront: port + 8,
      connections: port + 9,
      stripe: port + 10,
      mercadoPago: port + 11,
      secrets: port + 12,
      ses: port + 13,
      sesBackend: port + 14,
      google: port + 15,
    },
  };
}

/** What listens on each port, as the start banner and the busy-port message name it. */
export const STAND_IN_NAMES: Record<keyof LocalConfig['ports'], string> = {
  gateway: 'portal',
  cognito: 'cognito-local',
  dynamodb: 'DynamoDB Local',
  s3: 's3rver',
  sqs: 'local-aws-sqs',
  events: 'EventBridge local',
  smtp: 'maildev SMTP',
  mailWeb: 'maildev web',
  cloudfront: 'CloudFront API',
  connections: 'WebSocket @connections',
  stripe: 'Stripe (sandbox)',
  mercadoPago: 'Mercado Pago (sandbox)',
  secrets: 'Secrets Manager',
  ses: 'SES v2',
  sesBackend: 'aws-ses-v2-local',
  google: 'Google APIs (local)',
};

export const localUrl = (port: number) => `http://127.0.0.1:${port}`;
