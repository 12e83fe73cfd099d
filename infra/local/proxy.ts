// Passes a request on to a local stand-in and its answer back, as CloudFront passes to an origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendBody } from './compression';

export async function proxy(target: string, request: IncomingMessage, response: ServerResponse, body?: Buffer) {
  const upstream = await fetch(target, {
    method: request.method,
    headers: Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>,
    body: body && body.length ? new Uint8Array(body) : undefined,
  });
  const headers: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
  });
  sendBody(request, response, upstream.status, headers, Buffer.from(await upstream.arrayBuffer()));
}

/** What CloudFront answers for a path its origin does not serve. */
export function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end('Not Found');
}
