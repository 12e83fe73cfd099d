// CloudFront's default behaviour, locally: addresses without a file extension go to the render
// function (lambdas/pages/render.ts, as through its Function URL) behind the edge cache, which keeps
// a page for its s-maxage until the page-purge worker invalidates it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { withRequestMetrics } from '../../lambdas/platform/request-metrics';
import { sendBody } from './compression';
import { cacheKey, type EdgeCache } from './edge-cache';

export type RenderHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** A path the renderer answers: no dot anywhere, as CloudFront's `*.*` behaviour leaves it to the default one. */
export const isPagePath = (pathname: string) => !pathname.includes('.');

/** The event a Function URL passes: CloudFront forwards no cookies and only the cache key's query. */
function functionUrlEvent(request: IncomingMessage, key: string): APIGatewayProxyEventV2 {
  const url = new URL(key, 'http://localhost');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: { host: 'render.local', accept: 'text/html' },
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'render.local',
      domainPrefix: 'render',
      http: { method: request.method ?? 'GET', path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'Amazon CloudFront' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
}

export async function servePage(render: RenderHandler, cache: EdgeCache, request: IncomingMessage, response: ServerResponse, url: URL) {
  const key = cacheKey(url);
  const hit = cache.get(key);
  if (hit) {
    const age = Math.floor((Date.now() - hit.storedAt) / 1000);
    return sendBody(request, response, hit.status, { ...hit.headers, age: String(age), 'x-cache': 'Hit from cloudfront' }, hit.body);
  }
  const started = performance.now();
  const { result, dynamoOperations } = await withRequestMetrics(() => render(functionUrlEvent(request, key)));
  const renderMs = performance.now() - started;
  const status = result.statusCode ?? 200;
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
  const body = result.body ?? '';
  // CloudFront keeps answers below 500 for their s-maxage; a failure is never stored.
  if (status < 500 && request.method === 'GET') cache.put(key, { status, headers, body });
  sendBody(request, response, status, {
    ...headers,
    'x-cache': 'Miss from cloudfront',
    // Local only, read by `npm run bench`: the render's time and its DynamoDB calls.
    'server-timing': `render;dur=${renderMs.toFixed(1)}`,
    'x-local-dynamodb-requests': String(dynamoOperations.length),
    'x-local-dynamodb-operations': dynamoOperations.join(','),
  }, body);
}
