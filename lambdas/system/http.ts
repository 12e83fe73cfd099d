// Health and the 404 report. In AWS the health check reaches the table; the local gateway answers
// /api/health itself with the state of every stand-in.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { z } from 'zod';
import { ddb } from '../platform/clients';
import { env } from '../platform/env';
import { badRequest } from '../platform/errors';
import { httpHandler, json } from '../platform/http';
import { logger } from '../platform/logger';

const notFoundReport = z.object({ path: z.string().min(1).max(2000) });

export const handler = httpHandler({
  'GET /api/health': async () => {
    const up = await ddb()
      .send(new DescribeTableCommand({ TableName: env('TABLE_NAME') }))
      .then(() => true, () => false);
    return json(up ? 200 : 503, { status: up ? 'ok' : 'degraded', services: { dynamodb: up ? 'up' : 'down' } });
  },
  'POST /api/not-found': async ({ body, event }) => {
    const parsed = notFoundReport.safeParse(body);
    if (!parsed.success) throw badRequest('Caminho inválido', 'path');
    logger.warn('page not found', { path: parsed.data.path, userAgent: event.headers['user-agent'] });
    return json(204);
  },
});
