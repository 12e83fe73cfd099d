// Posting to WebSocket connections through API Gateway's management API (@connections), at the
// stage's callback URL (LIVE_CONNECTIONS_URL; locally the gateway's stand-in of the same API).
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { env } from '../platform/env';

let client: ApiGatewayManagementApiClient | undefined;

function management(): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({ endpoint: env('LIVE_CONNECTIONS_URL') });
  return client;
}

export type PostOutcome = 'sent' | 'gone';

/** Sends one message; 'gone' when the connection no longer exists (410); any other error is thrown. */
export async function postToConnection(connectionId: string, message: unknown): Promise<PostOutcome> {
  try {
    await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }));
    return 'sent';
  } catch (error) {
    const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (failure.name === 'GoneException' || failure.$metadata?.httpStatusCode === 410) return 'gone';
    throw error;
  }
}
