// Health and the 404 report. The health check reaches the table; the local gateway adds the state of
// every stand-in to this handler's answer.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ddb } from '../platform/clients';
import { env } from '../platform/env';
import { httpHandler, json, noContent } from '../platform/http';
import { contract } from './contract';
import { logger } from '../platform/logger';

export const handler = httpHandler(contract, {
  'GET /api/health': async () => {
    const up = await ddb()
      .send(new DescribeTableCommand({ TableName: env('TABLE_NAME') }))
      .then(() => true, () => false);
    return json(up ? 200 : 503, { status: up ? 'ok' : 'degraded', services: { dynamodb: up ? 'up' : 'down' } });
  },
  'POST /api/not-found': async ({ body, event }) => {
    logger.warn('page not found', { path: body.path, userAgent: event.headers['user-agent'] });
    return noContent;
  },
});
