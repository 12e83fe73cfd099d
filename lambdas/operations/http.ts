// HTTP routes of the operations context (masters only: the edge checks the role, RouteSpec.requires).
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import { listDeadLetterQueues, readDeadLetters, redrive } from './service';

export const handler = httpHandler(contract, {
  'GET /api/admin/queues': async ({ userId }) => json(200, { items: await listDeadLetterQueues(userId!) }),
  'GET /api/admin/queues/{name}/messages': async ({ userId, params }) => json(200, { items: await readDeadLetters(userId!, params.name!) }),
  // 202: SQS moves the messages on its own after answering.
  'POST /api/admin/queues/{name}/redrive': async ({ userId, params }) => json(202, await redrive(userId!, params.name!)),
});
