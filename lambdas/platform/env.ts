// Environment that every Lambda reads. The CDK stack sets these on each function; the local runtime
// sets the same names (plus AWS_ENDPOINT_URL_* so the real SDK clients reach the stand-ins).
export const ENV_NAMES = [
  'TABLE_NAME',
  'MEDIA_BUCKET',
  'SITE_BUCKET',
  'EVENT_BUS_NAME',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'JWT_ISSUER',
  'SITE_URL',
  /** The site's CloudFront distribution, whose cached pages the pages context invalidates. */
  'DISTRIBUTION_ID',
  'MAIL_FROM',
  /** The @connections endpoint of the WebSocket API's stage (https://<api>.execute-api.<region>.amazonaws.com/<stage>), which live updates are posted to. */
  'LIVE_CONNECTIONS_URL',
  /** The article analyzer: 'offline' (the default, no network) or 'comprehend' (Amazon Comprehend). */
  'ANALYZER',
  /** The Secrets Manager secret holding the payment providers' keys (JSON: PaymentSecrets in lambdas/payments/providers.ts). */
  'PAYMENTS_SECRET_ID',
  /** Another host for the providers' APIs than their own (the local sandbox); unset on AWS. */
  'STRIPE_API_URL',
  'MERCADOPAGO_API_URL',
  /** The SES configuration set every e-mail is sent with: its event destination puts SES's delivery, bounce and complaint events on the default bus. */
  'SES_CONFIGURATION_SET',
  /** E-mails a second the account may send (SES's maximum send rate); bulk senders pace themselves under it. */
  'MAIL_SEND_RATE',
  /** The Secrets Manager secret holding the newsletter's link-signing key (JSON: { signing_key }). */
  'NEWSLETTER_SECRET_ID',
  /** The Secrets Manager secret holding the analytics salt key (JSON: { salt_key }), from which each day's visitor salt is derived. */
  'ANALYTICS_SECRET_ID',
  /** The queue page-view beacons are sent to (QueueSpec of the analytics context). */
  'ANALYTICS_QUEUE_URL',
  /** The Secrets Manager secret holding the Google service-account key a master saved (JSON: { service_key }); empty until then. */
  'GOOGLE_SECRET_ID',
  /** Other hosts for Google's APIs than their own (the local stand-in); unset on AWS. */
  'GOOGLE_ANALYTICS_DATA_URL',
  'GOOGLE_AD_MANAGER_URL',
  /** Seconds a running import may make no progress before someone looking at it drives it again (default: IMPORT_LIMITS.stalledSeconds). */
  'IMPORT_STALL_SECONDS',
] as const;
export type EnvName = (typeof ENV_NAMES)[number];

export function env(name: EnvName): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function optionalEnv(name: EnvName, fallback: string): string {
  return process.env[name] || fallback;
}
