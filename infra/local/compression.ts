// Compression as CloudFront applies it: brotli or gzip for text types between 1,000 bytes and 10 MB
// when the client accepts it, so what is measured locally is what readers download.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|x-amz-json-1\.1)|image\/svg\+xml)/;
const MIN_BYTES = 1_000;
const MAX_BYTES = 10_000_000;

function encodingFor(request: IncomingMessage, contentType: string, size: number): 'br' | 'gzip' | undefined {
  if (!COMPRESSIBLE.test(contentType) || size < MIN_BYTES || size > MAX_BYTES) return undefined;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Writes a whole answer, compressed when CloudFront would compress it. */
export function sendBody(request: IncomingMessage, response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | string): void {
  const buffer = typeof body === 'string' ? Buffer.from(body) : body;
  const contentType = String(headers['content-type'] ?? response.getHeader('content-type') ?? '');
  const encoding = encodingFor(request, contentType, buffer.length);
  if (!encoding) {
    response.writeHead(status, headers);
    response.end(buffer);
    return;
  }
  const compressed =
    encoding === 'br' ? brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(buffer);
  const { 'content-length': _length, ...rest } = headers;
  response.writeHead(status, { ...rest, 'content-encoding': encoding, vary: 'accept-encoding', 'content-length': compressed.length });
  response.end(compressed);
}
