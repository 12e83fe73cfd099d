// Repository paths and the context values (`cdk synth -c key=value` or cdk.json) the stack reads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Construct } from 'constructs';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const CONTEXT_KEYS = {
  /** 'true': every Lambda gets a one-line inline stub instead of an esbuild bundle (fast tests). */
  skipBundling: 'portal:skipBundling',
  /** Sender of the portal's e-mail (SES identity). */
  mailFrom: 'portal:mailFrom',
  /** Comma-separated extra origins allowed to PUT presigned uploads (a custom domain, say). */
  uploadOrigins: 'portal:uploadOrigins',
  /** E-mails a second the SES account may send (its maximum send rate); raise it when SES raises the quota. */
  mailSendRate: 'portal:mailSendRate',
  /** Switches Google Publisher Tag on: its hosts join the pages' CSP (infra/security-headers.ts). */
  ads: 'portal:ads',
  /** The region of PortalStack; the edge stacks are always in us-east-1 (CloudFront's WAF and metrics). */
  region: 'portal:region',
  /** Who the alarms reach: an e-mail subscription of the alarm topics (none when unset). */
  alarmEmail: 'portal:alarmEmail',
} as const;

export const DEFAULT_MAIL_FROM = 'Portal Plural <nao-responda@portal.example>';
/** SES's send rate in its sandbox, where every account starts. */
export const DEFAULT_MAIL_SEND_RATE = 14;

/** Where PortalStack goes when neither the context nor the CLI's profile names a region: São Paulo, near the readers. */
export const DEFAULT_REGION = 'sa-east-1';
/** CloudFront's web ACLs and its metrics (and so its alarms) exist only in this region. */
export const EDGE_REGION = 'us-east-1';

export interface PortalSettings {
  skipBundling: boolean;
  mailFrom: string;
  /** The bare address inside mailFrom, for the SES `ses:FromAddress` condition. */
  mailFromAddress: string;
  mailSendRate: number;
  ads: boolean;
  uploadOrigins: string[];
  region: string;
  alarmEmail?: string;
}

export function readSettings(scope: Construct): PortalSettings {
  const context = (key: string): unknown => scope.node.tryGetContext(key);
  const mailFrom = String(context(CONTEXT_KEYS.mailFrom) ?? DEFAULT_MAIL_FROM);
  const mailSendRate = Number(context(CONTEXT_KEYS.mailSendRate) ?? DEFAULT_MAIL_SEND_RATE);
  if (!(mailSendRate > 0)) throw new Error(`${CONTEXT_KEYS.mailSendRate} must be a positive number of e-mails a second, not ${String(context(CONTEXT_KEYS.mailSendRate))}`);
  const extraOrigins = String(context(CONTEXT_KEYS.uploadOrigins) ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const alarmEmail = String(context(CONTEXT_KEYS.alarmEmail) ?? '').trim() || undefined;
  if (alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) throw new Error(`${CONTEXT_KEYS.alarmEmail} must be an e-mail address, not ${alarmEmail}`);
  return {
    // -c passes strings, tests may pass booleans
    skipBundling: [true, 'true'].includes(context(CONTEXT_KEYS.skipBundling) as never),
    mailFrom,
    mailFromAddress: (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim(),
    mailSendRate,
    ads: [true, 'true'].includes(context(CONTEXT_KEYS.ads) as never),
    // The distribution's own domain cannot be named here without a dependency cycle (its media
    // origin references the bucket), so any CloudFront domain is allowed; presigned URLs are the
    // real authorization.
    uploadOrigins: ['https://*.cloudfront.net', ...extraOrigins],
    // The CLI sets CDK_DEFAULT_REGION from the profile: without -c portal:region the stack goes where it went before.
    region: String(context(CONTEXT_KEYS.region) ?? process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION),
    alarmEmail,
  };
}

/** Absolute path of a Lambda entry file: lambdas/<context>/<file>.ts */
export function lambdaEntry(context: string, file: string): string {
  return join(REPO_ROOT, 'lambdas', context, `${file}.ts`);
}

/** The web build, when `npm run build` has produced one. */
export function webDistDir(): string | undefined {
  const dir = join(REPO_ROOT, 'web', 'dist');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/** The `context` block of cdk.json, so tests synthesize with the same feature flags as the CLI. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/** 'welcome-mail' -> 'WelcomeMail', for construct ids. */
export function pascal(name: string): string {
  return name.replace(/(^|[-_/])(\w)/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}
