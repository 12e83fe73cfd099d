// The Google connection a master saved: its settings item (property ID, network code, whose key) in
// the table, and the key itself in Secrets Manager (JSON { service_key: <the key file's text> }),
// read only when a report or a test needs it — never on the beacon's path — and kept in memory
// while the settings item says it has not changed.
import { GetSecretValueCommand, PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditInput } from '../audit/public';
import { ddb, secretsManager } from '../platform/clients';
import { getItem, tableName } from '../platform/dynamo';
import { env } from '../platform/env';
import { logger } from '../platform/observability';
import { GoogleApiError, parseServiceKey, type ServiceAccountKey } from './google/credentials';
import { readSettings, settingsKey, type GoogleSettings } from './items';

/** The key read for a version of the settings (their updated_at): a save anywhere changes the version. */
let cached: { version: string; key: ServiceAccountKey | undefined } | undefined;

export const loadSettings = async (): Promise<GoogleSettings | undefined> => readSettings(await getItem(settingsKey));

/** The settings item with the master's audit entry, in one transaction. */
export async function saveSettings(settings: GoogleSettings, audit: AuditInput): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: tableName(), Item: { ...settingsKey, entity: 'analytics_settings', ...settings } } }, auditPut(audit)],
    }),
  );
}

/** The stored key, or undefined when none is ('{}': not connected). */
export async function storedKey(settings: GoogleSettings | undefined): Promise<ServiceAccountKey | undefined> {
  const version = settings?.updated_at ?? '';
  if (cached && cached.version === version) return cached.key;
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: env('GOOGLE_SECRET_ID') }));
  let key: ServiceAccountKey | undefined;
  try {
    const text = (JSON.parse(SecretString || '{}') as { service_key?: unknown }).service_key;
    key = typeof text === 'string' && text ? parseServiceKey(text) : undefined;
  } catch {
    // A value put in by hand that is not a key: as good as none (the master saves a new one).
    logger.warn('the stored Google key cannot be read');
  }
  cached = { version, key };
  return key;
}

/** Replaces the stored key (the text as pasted, already checked) for the settings of `version`. */
export async function storeKey(text: string, version: string): Promise<void> {
  await secretsManager().send(new PutSecretValueCommand({ SecretId: env('GOOGLE_SECRET_ID'), SecretString: JSON.stringify({ service_key: text }) }));
  cached = { version, key: parseServiceKey(text) };
}

export interface Connection {
  settings: GoogleSettings;
  key: ServiceAccountKey;
}

/** The saved connection when there is a key; undefined otherwise (first-party figures then). */
export async function googleConnection(): Promise<Connection | undefined> {
  const settings = await loadSettings();
  if (!settings) return undefined;
  const key = await storedKey(settings);
  return key ? { settings, key } : undefined;
}

/** What a report says when Google failed it: the failure, and Google's reason when there is one. */
export const failureNote = (failure: string, error: unknown): string =>
  error instanceof GoogleApiError ? `${failure} (${error.reason}).` : `${failure}.`;

/** How long a request waits for Google: the HTTP function has ten seconds in all, and must still answer. */
const GOOGLE_BUDGET_MS = 8_000;

/** Google's answer, or a GoogleApiError once the budget is spent (the caller falls back or says why). */
export function inTime<T>(work: Promise<T>, ms = GOOGLE_BUDGET_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GoogleApiError('o Google não respondeu a tempo; tente novamente em instantes')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
