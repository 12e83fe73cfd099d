// The analytics context: first-party page-view beacons (no cookies; a visitor is a daily-rotating
// hash) on their own queue, a worker that folds batches of them into per-day rollups (the site, each
// article, each author), and analytics-data, the summary the dashboards show.
import { analyticsQuerySchema } from '../../shared/analytics';
import { defineContext } from '../platform/contract';

export const contract = defineContext({
  name: 'analytics',
  routes: {
    // Public pages, through sendBeacon (text/plain JSON, read from the raw body); a bearer marks staff.
    // Its own throttle: a news spike is thousands of page views a second (the stage allows 200).
    'POST /api/analytics/beacon': { auth: 'optional', rawBody: true, throttle: { rateLimit: 5000, burstLimit: 10000 } },
    'GET /api/analytics-data': { auth: 'required', query: analyticsQuerySchema },
  },
  workers: [],
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
    },
  ],
  // The salt key (SECRET_NAMES.analytics, JSON { salt_key }); SendMessage on its queue comes with `queues`.
  permissions: [{ service: 'secrets', read: 'analytics' }],
  environment: ['TABLE_NAME', 'ANALYTICS_SECRET_ID', 'ANALYTICS_QUEUE_URL', 'JWT_ISSUER', 'USER_POOL_CLIENT_ID'],
});
