// The operations context: the failure drill. The master sees every dead-letter queue the contracts
// imply (dead-letters.ts), reads their messages without removing them, and sends them back to their
// source queue with SQS's own redrive (StartMessageMoveTask); each redrive leaves an audit entry.
import { ADMIN_MESSAGES } from '../../shared/admin';
import { defineContext, onlyFor } from '../platform/contract';

const masters = onlyFor('admin.access', ADMIN_MESSAGES.accessDenied);

export const contract = defineContext({
  name: 'operations',
  routes: {
    'GET /api/admin/queues': { auth: 'required', requires: masters },
    'GET /api/admin/queues/{name}/messages': { auth: 'required', requires: masters },
    'POST /api/admin/queues/{name}/redrive': { auth: 'required', requires: masters },
  },
  workers: [],
  permissions: [{ service: 'dead-letter-queues', access: 'read-and-redrive' }],
  environment: ['TABLE_NAME'],
});
