// The analytics context's HTTP edge: the page-view and ad beacon (anyone, answered 204 at once; bots
// answered alike and only tallied by the worker), analytics-data and ad-revenue-data (signed in; the
// reports decide whose figures), the master's Google connection settings, and the ad tag's public
// configuration.
import { ANALYTICS_MESSAGES, beaconSchema } from '../../shared/analytics';
import { httpHandler, json, noContent, viewerOf, type HttpRequest } from '../platform/http';
import { badRequest } from '../platform/errors';
import { secretValue, withSecret } from '../platform/secrets';
import { readerAccess } from '../users/public';
import { adRevenueData } from './ad-report';
import { contract } from './contract';
import { beaconMessage, enqueue } from './ingest';
import { analyticsData } from './report';
import { adConfig, saveAnalyticsSettings, settingsView, testConnection } from './settings';

export const ANALYTICS_SECRET = 'analytics';

/** sendBeacon posts text/plain by default: the body is read as JSON whatever its content-type. */
function beaconOf(request: HttpRequest) {
  let raw: unknown;
  try {
    raw = JSON.parse(request.rawBody);
  } catch {
    throw badRequest(ANALYTICS_MESSAGES.invalidBeacon);
  }
  const parsed = beaconSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(ANALYTICS_MESSAGES.invalidBeacon);
  return parsed.data;
}

export const handler = httpHandler(contract, {
  'POST /api/analytics/beacon': async (request) => {
    const beacon = beaconOf(request);
    const viewer = viewerOf(request.event);
    // A signed-in staff member's views are left out: the edge already read their roles (a signed-in write).
    const roles = request.caller?.roles ?? (request.userId ? (await readerAccess(request.userId)).roles : []);
    await enqueue(beaconMessage(beacon, { ...viewer, roles }, secretValue<{ salt_key: string }>(ANALYTICS_SECRET).salt_key));
    return noContent;
  },
  'GET /api/analytics-data': async (request) => json(200, await analyticsData(request.userId, request.query)),
  'GET /api/ad-revenue-data': async (request) => json(200, await adRevenueData(request.userId, request.query)),
  'GET /api/analytics-settings': async (request) => json(200, await settingsView(request.userId)),
  'PUT /api/analytics-settings': async (request) => json(200, await saveAnalyticsSettings(request.userId, request.body)),
  'POST /api/analytics-settings/test': async (request) => json(200, await testConnection(request.userId, request.body)),
  // The same for every reader and rarely changed: shared caches may keep it a few minutes.
  'GET /api/analytics/ad-config': async () => ({ ...json(200, await adConfig()), headers: { 'cache-control': 'public, max-age=300' } }),
}).use(withSecret(ANALYTICS_SECRET, 'ANALYTICS_SECRET_ID'));
