// The generated files CloudFront serves from the site bucket (sitemaps, RSS, robots.txt, the search
// index), served here from the site bucket's stand-in: the same paths as the keys contexts may write, with the
// type and cache the worker stored; a file not generated yet is a 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTEXTS } from '../../lambdas/contexts';
import { localUrl, type LocalConfig } from './config';
import { sendBody } from './compression';
import { notFound, proxy } from './proxy';
import { sleep } from './wait';

// Every key a context may write (its `site-bucket` permission) as a path: a `*` matches only the
// names a worker generates, a `**` any path below its folder (the search index's).
const SITE_FILE_KEYS = CONTEXTS.flatMap((context) => context.permissions.flatMap((permission) => (permission.service === 'site-bucket' ? permission.write : [])));
function keyPattern(key: string): RegExp {
  const parts = key.split('**').map((part) => part.replace(/[.]/g, '\\.').replace(/\*/g, '[a-z0-9-]+'));
  // Names and dots, never '..': nothing outside the folder.
  return new RegExp(`^/${parts.join('[A-Za-z0-9_-]+(?:[./][A-Za-z0-9_-]+)*')}$`);
}
const SITE_FILE_PATHS = SITE_FILE_KEYS.map(keyPattern);

export const isSiteFile = (pathname: string) => SITE_FILE_PATHS.some((pattern) => pattern.test(pathname));

// s3rver rewrites an object in place, where S3's PUT is atomic: a read that meets a regeneration can
// be cut short (or find the object gone for a moment). Such a read is made again, so readers get
// whole files as they do from S3.
const ATTEMPTS = 5;

export async function serveSiteFile(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL) {
  const target = `${localUrl(config.ports.s3)}/${config.siteBucket}${url.pathname}`;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const head = await fetch(target, { method: 'HEAD' });
      if (!head.ok) {
        if (attempt === ATTEMPTS) return notFound(response);
      } else {
        const length = Number(head.headers.get('content-length'));
        const body = Buffer.from(await (await fetch(target)).arrayBuffer());
        if (body.length === length) return sendWhole(request, response, head, body);
      }
    } catch {
      // cut short: read again
    }
    await sleep(50 * attempt);
  }
  // Still changing: let the proxy answer whatever it gets now.
  await proxy(target, request, response);
}

function sendWhole(request: IncomingMessage, response: ServerResponse, head: Response, body: Buffer) {
  const headers: Record<string, string> = {};
  head.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
  });
  sendBody(request, response, 200, headers, body);
}
