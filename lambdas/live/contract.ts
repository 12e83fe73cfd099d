// The live context: the portal's WebSocket API (socket.ts) and the fan-out worker that pushes events
// to the connections following their channel (channels.ts: a user's notifications, an article's
// internal comments). It emits nothing; its connections live in the table with a TTL.
import { defineContext } from '../platform/contract';
import { LIVE_PATTERN } from './channels';

export const contract = defineContext({
  name: 'live',
  routes: {},
  websocket: {
    file: 'socket',
    description: 'Live updates: connect with a Cognito access token, follow articles one may edit',
    routes: ['subscribe', 'unsubscribe', 'ping'],
    stage: 'live',
  },
  workers: [
    {
      name: 'live-fanout',
      file: 'fanout-worker',
      pattern: LIVE_PATTERN,
      batchSize: 10,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 3,
      // Only the worker posts to connections; the socket function answers through its route responses.
      permissions: [{ service: 'websocket', post: 'connections' }],
    },
  ],
  permissions: [],
  // The socket function verifies access tokens (issuer, client); the worker posts at the stage's callback URL.
  environment: ['TABLE_NAME', 'JWT_ISSUER', 'USER_POOL_CLIENT_ID', 'LIVE_CONNECTIONS_URL'],
});
