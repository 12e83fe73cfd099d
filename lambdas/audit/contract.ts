// The audit context (the spec's log_system_event): entries are written by the contexts that make the
// changes, in the same transaction (public.ts); masters read the latest here.
import { applicationListQuerySchema as pageQuerySchema } from '../../shared/applications';
import { defineContext, onlyFor } from '../platform/contract';
import { ADMIN_MESSAGES } from '../../shared/admin';

export const contract = defineContext({
  name: 'audit',
  routes: {
    'GET /api/admin/audit': { auth: 'required', requires: onlyFor('admin.access', ADMIN_MESSAGES.accessDenied), query: pageQuerySchema },
  },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
