// The notifications context: each user's notifications, written by one worker from other contexts'
// events (sources.ts: publication, SEO results, …) and read, marked read and archived by their owner.
// It emits NotificationCreated, which the live context pushes to the user's open tabs.
import { defineContext } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { NOTIFICATION_EVENTS, notificationEvents } from './events';
import { SOURCE_PATTERN } from './sources';

export const contract = defineContext({
  name: 'notifications',
  routes: {
    'GET /api/notifications': { auth: 'required' },
    'POST /api/notifications/read-all': { auth: 'required' },
    'POST /api/notifications/{id}/read': { auth: 'required' },
    'POST /api/notifications/{id}/archive': { auth: 'required' },
  },
  emits: { catalogue: NOTIFICATION_EVENTS, changes: notificationEvents },
  workers: [
    {
      name: 'notifications',
      file: 'worker',
      pattern: SOURCE_PATTERN,
      batchSize: 10,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 5,
    },
    erasureWorker('notifications'),
  ],
  permissions: [],
  environment: ['TABLE_NAME'],
});
