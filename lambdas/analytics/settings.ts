// The master's Google connection (spec "Analytics settings"): see it (whose key, never the key), save
// it (the key to Secrets Manager, the rest to the table) and test it against GA4 and Ad Manager for
// the spec's fixed range; and the public ad configuration the pages' ad tag reads.
import {
  ANALYTICS_SETTINGS_MESSAGES as MESSAGES,
  TEST_CONNECTION_RANGE,
  type AdConfig,
  type AnalyticsSettingsView,
  type ConnectionTestResult,
} from '../../shared/analytics';
import { can } from '../../shared/roles';
import { badRequest, forbidden } from '../platform/errors';
import { readerAccess } from '../users/public';
import { inTime, loadSettings, saveSettings, storedKey, storeKey } from './connection';
import { adManagerReport } from './google/ad-manager';
import { GoogleApiError, parseServiceKey, type ServiceAccountKey } from './google/credentials';
import { ga4Report } from './google/ga4';
import type { GoogleSettings } from './items';

export interface SettingsInput {
  serviceKey?: string;
  propertyId?: string;
  networkCode?: string;
}

/** Ad Manager's network codes are numbers; the pages put this one in their ad units' paths. */
const NETWORK_CODE = /^\d{1,20}$/;

export async function requireAnalyticsMaster(userId: string): Promise<void> {
  const { roles } = await readerAccess(userId);
  if (!can(roles, 'analytics.manage')) throw forbidden(MESSAGES.denied);
}

async function viewOf(settings: GoogleSettings | undefined): Promise<AnalyticsSettingsView> {
  // Connected means a key is really there: the table item alone may outlive a key removed by hand.
  const key = settings ? await storedKey(settings) : undefined;
  return {
    connected: Boolean(key && settings?.property_id),
    clientEmail: key ? key.client_email : null,
    propertyId: settings?.property_id || null,
    networkCode: settings?.network_code || null,
    updatedAt: settings?.updated_at || null,
  };
}

export async function settingsView(userId: string): Promise<AnalyticsSettingsView> {
  await requireAnalyticsMaster(userId);
  return viewOf(await loadSettings());
}

/** The fields checked in the spec's order; the key pasted (parsed), or undefined to use the stored one. */
function checked(input: SettingsInput, hasStoredKey: boolean): { key: ServiceAccountKey | undefined; text: string; propertyId: string; networkCode: string } {
  const text = input.serviceKey ?? '';
  const propertyId = input.propertyId ?? '';
  const networkCode = input.networkCode ?? '';
  if ((!text && !hasStoredKey) || !propertyId) throw badRequest(MESSAGES.required);
  const key = text ? parseServiceKey(text) : undefined;
  if (networkCode && !NETWORK_CODE.test(networkCode)) throw badRequest(MESSAGES.invalidNetworkCode, 'networkCode');
  return { key, text, propertyId, networkCode };
}

export async function saveAnalyticsSettings(userId: string, input: SettingsInput, now = new Date()): Promise<AnalyticsSettingsView & { message: string }> {
  await requireAnalyticsMaster(userId);
  const current = await loadSettings();
  const stored = current ? await storedKey(current) : undefined;
  const { key, text, propertyId, networkCode } = checked(input, stored !== undefined);
  const settings: GoogleSettings = {
    property_id: propertyId,
    network_code: networkCode,
    client_email: (key ?? stored)!.client_email,
    updated_at: now.toISOString(),
    updated_by: userId,
  };
  // The key first: settings that name a key not stored would say connected with the old one.
  if (key) await storeKey(text, settings.updated_at);
  await saveSettings(settings, {
    event_type: 'SETTINGS_CHANGE',
    action: 'save_analytics_settings',
    user_id: userId,
    target_type: 'analytics_settings',
    target_id: 'google',
    // What changed, never the key: whose key it is and whether a new one was pasted.
    details: { propertyId, networkCode: networkCode || null, newKey: Boolean(key) },
  });
  return { ...(await viewOf(settings)), message: MESSAGES.saved };
}

/** What each service answers for the fixed range; Google's refusal is the master's to fix (a 400). */
export async function testConnection(userId: string, input: SettingsInput): Promise<ConnectionTestResult> {
  await requireAnalyticsMaster(userId);
  const current = input.serviceKey ? undefined : await loadSettings();
  const stored = current ? await storedKey(current) : undefined;
  const { key, propertyId, networkCode } = checked(input, stored !== undefined);
  const account = (key ?? stored)!;
  try {
    // Side by side: Ad Manager's report alone may take most of the function's time.
    const [analytics, adRevenue] = await inTime(
      Promise.all([ga4Report(account, propertyId, TEST_CONNECTION_RANGE), networkCode ? adManagerReport(account, networkCode, TEST_CONNECTION_RANGE) : undefined]),
    );
    return { message: MESSAGES.tested, analytics: analytics.totals, adRevenue: adRevenue?.totals ?? null };
  } catch (error) {
    if (error instanceof GoogleApiError) throw badRequest(`${MESSAGES.testFailed}: ${error.reason}`);
    throw error;
  }
}

export async function adConfig(): Promise<AdConfig> {
  const settings = await loadSettings();
  return { networkCode: settings?.network_code || null };
}
