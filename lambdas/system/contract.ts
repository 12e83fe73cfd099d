// The system context: health and the 404 page's report of a missing path.
import { z } from 'zod';
import { defineContext } from '../platform/contract';

const notFoundReport = z.object({ path: z.string({ error: 'Caminho inválido' }).min(1, 'Caminho inválido').max(2000, 'Caminho inválido') });

export const contract = defineContext({
  name: 'system',
  routes: {
    'GET /api/health': { auth: 'none' },
    'POST /api/not-found': { auth: 'none', body: notFoundReport },
  },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
