// The analytics context: first-party page-view and ad beacons (no cookies; a visitor is a
// daily-rotating hash) on their own queue, a worker that folds batches of them into per-day rollups
// (the site, each article, each author), the summaries the dashboards show (analytics-data,
// ad-revenue-data: GA4 and Ad Manager for the site once a master connects them), the master's Google
// connection settings, and the ad tag's public configuration.
import { adRevenueQuerySchema, analyticsQuerySchema, analyticsSettingsSchema, analyticsSettingsUpdateSchema } from '../../shared/analytics';
import { defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { ANALYTICS_SETTINGS_MESSAGES } from '../../shared/analytics-rules';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const analysts = onlyFor('analytics.manage', ANALYTICS_SETTINGS_MESSAGES.denied);

export const contract = defineContext({
  name: 'analytics',
  routes: {
    // Public pages, through sendBeacon (text/plain JSON, read from the raw body); a bearer marks staff.
    // Its own throttle: a news spike is thousands of page views a second (the stage allows 200).
    'POST /api/analytics/beacon': { auth: 'optional', rawBody: true, throttle: { rateLimit: 5000, burstLimit: 10000 } },
    'GET /api/analytics-data': { auth: 'required', query: analyticsQuerySchema },
    'GET /api/ad-revenue-data': { auth: 'required', query: adRevenueQuerySchema },
    // The master's Google connection (the key is written to Secrets Manager and never answered).
    'GET /api/analytics-settings': { auth: 'required', requires: analysts },
    // An empty (or absent) key keeps the stored one.
    'PUT /api/analytics-settings': { auth: 'required', requires: analysts, body: analyticsSettingsUpdateSchema },
    'POST /api/analytics-settings/test': { auth: 'required', requires: analysts, body: analyticsSettingsSchema },
    // Read by every page's ad tag: public, cached for a few minutes.
    'GET /api/analytics/ad-config': { auth: 'none' },
  },
  // Its erase needs the table only, not the Google key.
  workers: [{ ...erasureWorker('analytics'), permissions: [] }],
  queues: [
    {
      name: 'analytics-beacons',
      file: 'worker',
      // On AWS up to 100 beacons a batch, waiting at most 2 seconds to fill it: few writes per spike.
      batchSize: 100,
      batchWindowSeconds: 2,
      visibilityTimeoutSeconds: 120,
      maxReceiveCount: 5,
      // Batches of the same visitors racing only retry their writes; a few at once keep the table calm.
      maxConcurrency: 5,
      urlVariable: 'ANALYTICS_QUEUE_URL',
      // The worker reads and writes the table only: no secret of the context.
      permissions: [],
    },
  ],
  permissions: [
    // The salt key (SECRET_NAMES.analytics, JSON { salt_key }); SendMessage on its queue comes with `queues`.
    { service: 'secrets', read: 'analytics' },
    // The Google service-account key a master saves (SECRET_NAMES.google, JSON { service_key }).
    { service: 'secrets', read: 'google', write: true },
  ],
  environment: [
    'TABLE_NAME',
    'ANALYTICS_SECRET_ID',
    'ANALYTICS_QUEUE_URL',
    'JWT_ISSUER',
    'USER_POOL_CLIENT_ID',
    'GOOGLE_SECRET_ID',
    'GOOGLE_ANALYTICS_DATA_URL',
    'GOOGLE_AD_MANAGER_URL',
  ],
});
