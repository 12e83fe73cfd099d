// Stand-in for CloudFront's API, as much as the portal calls: CreateInvalidation
// (POST /2020-05-31/distribution/{Id}/invalidation, REST-XML as the real service speaks it, so the
// page-purge worker uses the real SDK client), which purges the local edge cache (edge-cache.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { EdgeCache } from './edge-cache';

export const LOCAL_DISTRIBUTION_ID = 'ELOCALPORTAL';

const XMLNS = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const INVALIDATION = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/;

const unescapeXml = (value: string) =>
  value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0"?><ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
}

export interface InvalidationRecord {
  id: string;
  paths: string[];
  dropped: number;
  at: string;
}

export function startCloudFront(port: number, cache: EdgeCache, onInvalidation?: (record: InvalidationRecord) => void): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID(), ...headers });
        response.end(body);
      };
      const match = INVALIDATION.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return send(404, errorXml('NotImplemented', 'Only CreateInvalidation is served here'));
      if (match[1] !== LOCAL_DISTRIBUTION_ID) return send(404, errorXml('NoSuchDistribution', 'The specified distribution does not exist.'));
      const body = Buffer.concat(chunks).toString('utf8');
      const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((found) => unescapeXml(found[1] ?? ''));
      const reference = /<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1];
      const quantity = Number(/<Quantity>(\d+)<\/Quantity>/.exec(body)?.[1] ?? -1);
      if (!reference || quantity !== paths.length || paths.length === 0 || paths.some((path) => !path.startsWith('/'))) {
        return send(400, errorXml('InvalidArgument', 'Your request contains one or more invalid invalidation paths.'));
      }
      const record: InvalidationRecord = { id: `I${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`, paths, dropped: cache.invalidate(paths), at: new Date().toISOString() };
      onInvalidation?.(record);
      const items = paths.map((path) => `<Path>${escapeXml(path)}</Path>`).join('');
      send(
        201,
        `<?xml version="1.0"?><Invalidation xmlns="${XMLNS}"><Id>${record.id}</Id><Status>Completed</Status><CreateTime>${record.at}</CreateTime>` +
          `<InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${items}</Items></Paths><CallerReference>${escapeXml(reference)}</CallerReference></InvalidationBatch></Invalidation>`,
        { location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${match[1]}/invalidation/${record.id}` },
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
