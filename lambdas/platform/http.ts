// The HTTP side of every bounded context: one middy chain that parses the body, dispatches on the
// API Gateway route key to a plain async function, and maps AppError values to pt-BR JSON responses.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MESSAGES } from '../../shared/messages';
import { VIEWER_ADDRESS_HEADER } from '../../shared/routes';
import { AppError, badRequest, notFound, unauthorized } from './errors';
import { logger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface HttpRequest {
  event: HttpEvent;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** The Cognito `sub` of the caller, when the authorizer (or the local gateway) verified a token. */
  userId: string | undefined;
}

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (request: HttpRequest) => Promise<HttpResult>;

export const json = (status: number, body?: unknown): HttpResult => ({ status, body });

export function requireUser(request: HttpRequest): string {
  if (!request.userId) throw unauthorized(MESSAGES.notAuthenticated);
  return request.userId;
}

/** Who is asking, as the edge saw it: the network address and the browser. */
export function viewerOf(event: HttpEvent): { address: string; userAgent: string } {
  return {
    address: event.headers[VIEWER_ADDRESS_HEADER] ?? event.requestContext.http.sourceIp,
    userAgent: event.headers['user-agent'] ?? '',
  };
}

function parseBody(event: HttpEvent): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(MESSAGES.invalidBody);
  }
}

function toResponse(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: result.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // Answers depend on who asks: never let a shared cache keep them.
      'cache-control': 'no-store',
      // A JSON answer is never to be read as anything else.
      'x-content-type-options': 'nosniff',
      ...result.headers,
    },
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}

const errorResponses: middy.MiddlewareObj<HttpEvent, APIGatewayProxyStructuredResultV2> = {
  onError: async (request) => {
    const error = request.error;
    if (error instanceof AppError) {
      request.response = toResponse(json(error.status, { message: error.message, field: error.field }));
      return;
    }
    logger.error('unhandled error', { error, routeKey: request.event.routeKey });
    request.response = toResponse(json(500, { message: MESSAGES.internal }));
  },
};

/** Builds a context's Lambda handler from its routes, keyed by API Gateway route key ('GET /api/me'). */
export function httpHandler(routes: Record<string, RouteHandler>) {
  return middy<HttpEvent, APIGatewayProxyStructuredResultV2>()
    .use(errorResponses)
    .handler(async (event) => {
      const route = routes[event.routeKey];
      if (!route) throw notFound(MESSAGES.notFound);
      const result = await route({
        event,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: (event.queryStringParameters ?? {}) as Record<string, string>,
        body: parseBody(event),
        userId: event.requestContext.authorizer?.jwt?.claims?.sub as string | undefined,
      });
      return toResponse(result);
    });
}
