// The local front door, playing CloudFront + API Gateway: the pages from the render function behind
// the edge cache (pages.ts), the web build, /config.json, /media/* and the generated sitemaps and feeds from S3, /cognito (the user pool, through the shim) and /api/* mapped by
// the shared route table to the same Lambda handlers that run in AWS, with the JWT authorizer's check
// on protected routes.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RuntimeConfig } from '../../shared/api-types';
import { API_ROUTES, routeKey } from '../../lambdas/contexts';
import { VIEWER_ADDRESS_HEADER, type ApiRoute } from '../../lambdas/platform/contract';
import { verifyBearer } from '../../lambdas/platform/auth';
import type { HttpEvent } from '../../lambdas/platform/http';
import { withRequestMetrics } from '../../lambdas/platform/request-metrics';
import { serveCognito } from './cognito';
import { sendBody } from './compression';
import { serveMedia } from './media';
import { isSiteFile, serveSiteFile } from './site-files';
import { isPagePath, servePage, type RenderHandler } from './pages';
import type { EdgeCache } from './edge-cache';
import { localUrl, type LocalConfig } from './config';
import { MESSAGES } from '../../shared/messages';
import { securityHeaderValues } from '../security-headers';

type Handler = (event: HttpEvent, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  config: LocalConfig;
  runtimeConfig: RuntimeConfig;
  handlers: Record<string, Handler>;
  /** The render function (lambdas/pages), CloudFront's origin for pages; without it, the SPA shell. */
  render?: RenderHandler;
  edgeCache: EdgeCache;
  /** The local stand-ins' states, added to the deployed health handler's answer. */
  health: () => Promise<Record<string, 'up' | 'down'>>;
  webDist: string;
  /** WebSocket handshakes (the live updates' API on /ws, infra/local/live.ts); refused without it. */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit
const MAX_DRAIN = 8 * MAX_BODY;

// Like API Gateway, a literal route wins over one with path variables (/api/articles/mine before /{id}).
const compiled = API_ROUTES.map((route: ApiRoute) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1] ?? ''),
  pattern: new RegExp(`^${route.path.replace(/\{\w+\+\}/g, '(.+)').replace(/\{\w+\}/g, '([^/]+)')}$`),
})).sort((a, b) => a.names.length - b.names.length);

/** A path segment decoded, or undefined when its percent-encoding is malformed (`%ZZ`). */
function decodeSegment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A refusal the gateway itself answers, as API Gateway and CloudFront do, with a pt-BR message. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The route and its decoded path parameters; a malformed encoding is refused with 400. */
export function matchRoute(method: string, pathname: string) {
  for (const entry of compiled) {
    if (entry.route.method !== method) continue;
    const match = entry.pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      entry.names.map((name, index) => {
        const value = decodeSegment(match[index + 1] ?? '');
        if (value === undefined) throw new Refused(400, MESSAGES.invalidPath);
        return [name, value];
      }),
    );
    return { route: entry.route, params };
  }
  return undefined;
}

/**
 * The request body, up to API Gateway's limit. A larger body is read to its end and dropped, so the
 * client gets the 413 answer instead of a reset connection.
 */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      // Past this, stop reading: the answer has been decided.
      else if (size > MAX_DRAIN) request.destroy();
    });
    request.on('end', () => (size > MAX_BODY ? reject(new Refused(413, MESSAGES.payloadTooLarge)) : resolve(Buffer.concat(chunks))));
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

function serveStatic(options: GatewayOptions, pathname: string, request: IncomingMessage, response: ServerResponse) {
  const root = options.webDist;
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('A versão web ainda não foi gerada: rode `npm run build`.');
    return;
  }
  const decoded = decodeSegment(pathname);
  const candidate = decoded === undefined ? '' : path.normalize(path.join(root, decoded));
  const isFile = candidate.startsWith(root + path.sep) && existsSync(candidate) && statSync(candidate).isFile();
  // Unknown paths get the app shell, which shows its own 404 page (CloudFront's SPA fallback); a
  // malformed one gets that page with a 404 status.
  const file = isFile ? candidate : index;
  const immutable = isFile && pathname.startsWith('/assets/');
  const headers = {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  sendBody(request, response, decoded === undefined ? 404 : 200, headers, readFileSync(file));
}

function toEvent(request: IncomingMessage, url: URL, route: ApiRoute, params: Record<string, string>, body: Buffer): HttpEvent {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
  );
  // As CloudFront's viewer-request function does: the reader's address, never the client's claim.
  headers[VIEWER_ADDRESS_HEADER] = request.socket.remoteAddress ?? '127.0.0.1';
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
      domainName: headers.host ?? url.host,
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

const HEALTH_ROUTE = 'GET /api/health';

/** The deployed health handler's answer, with the state of each local stand-in beside what it checked. */
async function withStandIns(result: APIGatewayProxyStructuredResultV2, standIns: GatewayOptions['health']) {
  const checked = JSON.parse(result.body ?? '{}') as { services?: Record<string, string> };
  const services = { ...checked.services, ...(await standIns()) };
  const healthy = result.statusCode === 200 && Object.values(services).every((state) => state === 'up');
  return { ...result, statusCode: healthy ? 200 : 503, body: JSON.stringify({ status: healthy ? 'ok' : 'degraded', services }) };
}

async function handleApi(options: GatewayOptions, request: IncomingMessage, response: ServerResponse, url: URL) {
  const match = matchRoute(request.method ?? 'GET', url.pathname);
  // What the system function answers behind API Gateway's catch-all route (UNKNOWN_API_ROUTE).
  if (!match) return sendJson(response, 404, { message: MESSAGES.notFound });
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
  const { result: answer, dynamoOperations } = await withRequestMetrics(() => handler(event, { awsRequestId: event.requestContext.requestId }));
  const result = event.routeKey === HEALTH_ROUTE ? await withStandIns(answer, options.health) : answer;
  // Local only: how many DynamoDB calls this request made (read by `npm run bench`).
  const headers = {
    ...((result.headers ?? {}) as Record<string, string>),
    'x-local-dynamodb-requests': String(dynamoOperations.length),
    'x-local-dynamodb-operations': dynamoOperations.join(','),
  };
  sendBody(request, response, result.statusCode ?? 200, headers, result.body && result.isBase64Encoded ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
}

export function startGateway(options: GatewayOptions): Promise<Server> {
  const { config } = options;
  // The presigned uploads go from the browser to the S3 stand-in, as they go to S3 on AWS.
  // PORTAL_ADS=1 lets Google Publisher Tag load, as `portal:ads` does on AWS (no ad server answers locally).
  const headers = securityHeaderValues([localUrl(config.ports.s3)], { ads: process.env.PORTAL_ADS === '1' });
  const server = createServer(async (request, response) => {
    // A fixed base: the Host header is the client's to choose and must not break the parse.
    const url = new URL(request.url ?? '/', 'http://localhost');
    const started = Date.now();
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    try {
      if (url.pathname.startsWith('/api/')) await handleApi(options, request, response, url);
      else if (url.pathname === '/config.json') sendJson(response, 200, options.runtimeConfig);
      else if (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/')) await serveCognito(config, request, response, url, await readBody(request));
      else if (url.pathname.startsWith('/media/') && (request.method === 'GET' || request.method === 'HEAD')) await serveMedia(config, request, response, url);
      else if (isSiteFile(url.pathname) && (request.method === 'GET' || request.method === 'HEAD')) await serveSiteFile(config, request, response, url);
      else if ((request.method === 'GET' || request.method === 'HEAD') && options.render && isPagePath(url.pathname) && decodeSegment(url.pathname) !== undefined) {
        await servePage(options.render, options.edgeCache, request, response, url);
      } else if (request.method === 'GET' || request.method === 'HEAD') serveStatic(options, url.pathname, request, response);
      else sendJson(response, 405, { message: 'Método não permitido' });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      if (status >= 500) console.error(`[gateway] ${request.method} ${url.pathname}: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, status, { message: status < 500 ? (error as Error).message : MESSAGES.internal });
      else response.end();
    } finally {
      if (process.env.PORTAL_ACCESS_LOG === 'on') console.log(`${request.method} ${url.pathname} ${response.statusCode} ${Date.now() - started}ms`);
    }
  });
  if (options.upgrade) server.on('upgrade', options.upgrade);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.ports.gateway, config.host, () => resolve(server));
  });
}
