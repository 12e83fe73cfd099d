// The WebSocket API's routes (contract.ts): $connect admits only a valid Cognito access token (a
// browser cannot set headers on a WebSocket: the token comes as the second offered subprotocol, or
// as a `token` query parameter) and joins the connection to its user's channel; `subscribe` joins an
// article's channel only for someone who may edit the article (its internal comments are theirs to
// read); `unsubscribe`, `ping`, `$default` and `$disconnect` do what they say. Message routes answer
// the sender with their response body (two-way routes).
import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { articleChannel, LIVE_MESSAGES, LIVE_PROTOCOL, userChannel, type LiveMessage } from '../../shared/live';
import { mayEditArticle } from '../articles/public';
import { verifyBearer } from '../platform/auth';
import { logger, observability } from '../platform/observability';
import { callerOf } from '../users/public';
import * as connections from './connections';

/** What API Gateway sends: $connect also carries the handshake's headers and query. */
export type SocketEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };
type Result = APIGatewayProxyStructuredResultV2;

/** One connection follows at most this many channels (its user's own included). */
export const MAX_CHANNELS = 20;
const ARTICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const reply = (message: LiveMessage, statusCode = 200): Result => ({ statusCode, body: JSON.stringify(message) });
const refuse = (statusCode: number, reason: string): Result => {
  logger.warn('live: connection refused', { reason });
  return { statusCode, body: reason };
};

function header(event: SocketEvent, name: string): string | undefined {
  const found = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

/** The offered token and whether the portal's subprotocol was asked for. */
export function credentialsOf(event: SocketEvent): { token?: string; protocol: boolean } {
  const offered = (header(event, 'sec-websocket-protocol') ?? '').split(',').map((value) => value.trim()).filter(Boolean);
  const protocol = offered.includes(LIVE_PROTOCOL);
  const token = offered.find((value) => value !== LIVE_PROTOCOL) ?? event.queryStringParameters?.token;
  return { token: token || undefined, protocol };
}

async function connect(event: SocketEvent): Promise<Result> {
  const { token, protocol } = credentialsOf(event);
  const offered = header(event, 'sec-websocket-protocol');
  if (offered && !protocol) return refuse(400, 'unsupported subprotocol');
  const claims = token ? await verifyBearer(`Bearer ${token}`) : undefined;
  if (typeof claims?.sub !== 'string') return refuse(401, 'Unauthorized');
  // A token that outlives its account (deleted, or its deletion under way) opens nothing under its id.
  if (!(await callerOf(claims.sub))) return refuse(401, 'Unauthorized');
  const { connectionId, connectedAt } = event.requestContext;
  await connections.openConnection(connectionId, claims.sub, userChannel(claims.sub), new Date(connectedAt || Date.now()));
  logger.info('live: connected', { connectionId, userId: claims.sub });
  // A browser that offered subprotocols closes the socket unless one of them is chosen.
  return { statusCode: 200, headers: protocol ? { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL } : undefined };
}

function requestOf(event: SocketEvent): { action?: unknown; article_id?: unknown } {
  try {
    const parsed: unknown = JSON.parse(event.body ?? '');
    return parsed && typeof parsed === 'object' ? (parsed as { action?: unknown; article_id?: unknown }) : {};
  } catch {
    return {};
  }
}

async function subscription(event: SocketEvent, join: boolean): Promise<Result> {
  const articleId = requestOf(event).article_id;
  if (typeof articleId !== 'string' || !ARTICLE_ID.test(articleId)) return reply({ type: 'error', message: LIVE_MESSAGES.invalidMessage });
  const { connectionId } = event.requestContext;
  if (!join) {
    await connections.leaveChannel(connectionId, articleChannel(articleId));
    return reply({ type: 'unsubscribed', article_id: articleId });
  }
  const connection = await connections.connectionOf(connectionId);
  if (!connection) return reply({ type: 'error', message: LIVE_MESSAGES.notConnected, article_id: articleId });
  if (!(await mayEditArticle(connection.userId, articleId))) {
    logger.info('live: subscription refused', { connectionId, userId: connection.userId, articleId });
    return reply({ type: 'error', message: LIVE_MESSAGES.subscribeForbidden, article_id: articleId });
  }
  if ((await connections.channelCount(connectionId)) >= MAX_CHANNELS) {
    return reply({ type: 'error', message: LIVE_MESSAGES.tooManySubscriptions, article_id: articleId });
  }
  await connections.joinChannel({ connection_id: connectionId, user_id: connection.userId }, articleChannel(articleId), connection.connectedAt);
  return reply({ type: 'subscribed', article_id: articleId });
}

async function route(event: SocketEvent): Promise<Result> {
  switch (event.requestContext.routeKey) {
    case '$connect':
      return connect(event);
    case '$disconnect':
      await connections.closeConnection(event.requestContext.connectionId);
      return { statusCode: 200 };
    case 'subscribe':
      return subscription(event, true);
    case 'unsubscribe':
      return subscription(event, false);
    case 'ping':
      return reply({ type: 'pong' });
    default:
      return reply({ type: 'error', message: LIVE_MESSAGES.invalidMessage });
  }
}

export const handler = middy<SocketEvent, Result>()
  .use(observability())
  .handler(async (event) => {
    logger.setCorrelationId(event.requestContext.requestId);
    return route(event);
  });
