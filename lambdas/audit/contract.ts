// The audit context (the spec's log_system_event): entries are written by the contexts that make the
// changes, in the same transaction (public.ts); masters read the latest here.
import { applicationListQuerySchema as pageQuerySchema } from '../../shared/applications';
import { defineContext } from '../platform/contract';

export const contract = defineContext({
  name: 'audit',
  routes: {
    'GET /api/admin/audit': { auth: 'required', query: pageQuerySchema },
  },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
