// The local front door, playing CloudFront + API Gateway: the web build, /config.json, /media/* from
// S3, /cognito (the user pool, through the shim) and /api/* mapped by the shared route table to the
// same Lambda handlers that run in AWS, with the JWT authorizer's check on protected routes.
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RuntimeConfig } from '../../shared/api-types';
import { API_ROUTES, routeKey, type ApiRoute } from '../../shared/routes';
import { verifyBearer } from '../../lambdas/platform/auth';
import type { HttpEvent } from '../../lambdas/platform/http';
import { withRequestMetrics } from '../../lambdas/platform/request-metrics';
import { serveCognito } from './cognito';
import { serveMedia } from './media';
import type { LocalConfig } from './config';

type Handler = (event: HttpEvent, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  config: LocalConfig;
  runtimeConfig: RuntimeConfig;
  handlers: Record<string, Handler>;
  health: () => Promise<Record<string, 'up' | 'down'>>;
  webDist: string;
}

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit

// Like API Gateway, a literal route wins over one with path variables (/api/articles/mine before /{id}).
const compiled = API_ROUTES.map((route: ApiRoute) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1] ?? ''),
  pattern: new RegExp(`^${route.path.replace(/\{\w+\+\}/g, '(.+)').replace(/\{\w+\}/g, '([^/]+)')}$`),
})).sort((a, b) => a.names.length - b.names.length);

export function matchRoute(method: string, pathname: string) {
  for (const entry of compiled) {
    if (entry.route.method !== method) continue;
    const match = entry.pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(entry.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
    return { route: entry.route, params };
  }
  return undefined;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error('payload too large'), { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function serveStatic(options: GatewayOptions, pathname: string, response: ServerResponse) {
  const root = options.webDist;
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('A versão web ainda não foi gerada: rode `npm run build`.');
    return;
  }
  const candidate = path.normalize(path.join(root, decodeURIComponent(pathname)));
  const isFile = candidate.startsWith(root + path.sep) && existsSync(candidate) && statSync(candidate).isFile();
  // Unknown paths get the app shell, which shows its own 404 page (CloudFront's SPA fallback).
  const file = isFile ? candidate : index;
  const immutable = isFile && pathname.startsWith('/assets/');
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(response);
}

function toEvent(request: IncomingMessage, url: URL, route: ApiRoute, params: Record<string, string>, body: Buffer): HttpEvent {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
  );
  const contentType = headers['content-type'] ?? '';
  const textual = !body.length || /json|text|x-www-form-urlencoded/.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? body.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: { jwt: { claims: {}, scopes: [] }, principalId: '', integrationLatency: 0 },
    },
  } as HttpEvent;
}

async function handleApi(options: GatewayOptions, request: IncomingMessage, response: ServerResponse, url: URL) {
  if (url.pathname === '/api/health' && request.method === 'GET') {
    const services = await options.health();
    const healthy = Object.values(services).every((state) => state === 'up');
    return sendJson(response, healthy ? 200 : 503, { status: healthy ? 'ok' : 'degraded', services });
  }
  const match = matchRoute(request.method ?? 'GET', url.pathname);
  if (!match) return sendJson(response, 404, { message: 'Not Found' });
  const handler = options.handlers[match.route.context];
  if (!handler) return sendJson(response, 500, { message: `Sem handler para ${match.route.context}` });
  const body = await readBody(request);
  const event = toEvent(request, url, match.route, match.params, body);
  if (match.route.auth === 'required') {
    // What the HTTP API's JWT authorizer does: reject before the Lambda runs.
    const claims = await verifyBearer(request.headers.authorization);
    if (!claims) return sendJson(response, 401, { message: 'Unauthorized' });
    event.requestContext.authorizer = { jwt: { claims: claims as Record<string, string>, scopes: [] }, principalId: '', integrationLatency: 0 };
  }
  const { result, dynamoOperations } = await withRequestMetrics(() => handler(event, { awsRequestId: event.requestContext.requestId }));
  // Local only: how many DynamoDB calls this request made (read by `npm run bench`).
  response.writeHead(result.statusCode ?? 200, {
    ...((result.headers ?? {}) as Record<string, string>),
    'x-local-dynamodb-requests': String(dynamoOperations.length),
    'x-local-dynamodb-operations': dynamoOperations.join(','),
  });
  response.end(result.body && result.isBase64Encoded ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
}

export function startGateway(options: GatewayOptions): Promise<Server> {
  const { config } = options;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    const started = Date.now();
    try {
      if (url.pathname.startsWith('/api/')) await handleApi(options, request, response, url);
      else if (url.pathname === '/config.json') sendJson(response, 200, options.runtimeConfig);
      else if (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/')) await serveCognito(config, request, response, url, await readBody(request));
      else if (url.pathname.startsWith('/media/') && (request.method === 'GET' || request.method === 'HEAD')) await serveMedia(config, request, response, url);
      else if (request.method === 'GET' || request.method === 'HEAD') serveStatic(options, url.pathname, response);
      else sendJson(response, 405, { message: 'Método não permitido' });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      console.error(`[gateway] ${request.method} ${url.pathname}: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, status, { message: status === 413 ? 'Requisição muito grande' : 'Erro interno. Tente novamente em instantes.' });
      else response.end();
    } finally {
      if (process.env.PORTAL_ACCESS_LOG === 'on') console.log(`${request.method} ${url.pathname} ${response.statusCode} ${Date.now() - started}ms`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.ports.gateway, () => resolve(server));
  });
}
