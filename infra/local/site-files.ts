// The generated files CloudFront serves from the site bucket (sitemaps, RSS, robots.txt, the search
// index), served here from the site bucket's stand-in: the same paths as the keys contexts may write, with the
// type and cache the worker stored; a file not generated yet is a 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTEXTS } from '../../lambdas/contexts';
import { localUrl, type LocalConfig } from './config';
import { sendBody } from './compression';
import { notFound } from './proxy';

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

export async function serveSiteFile(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL) {
  // The S3 stand-in's PUT is atomic (standins.ts), so one GET gets a whole file.
  const stored = await fetch(`${localUrl(config.ports.s3)}/${config.siteBucket}${url.pathname}`);
  if (!stored.ok) return notFound(response);
  sendWhole(request, response, stored, Buffer.from(await stored.arrayBuffer()));
}

function sendWhole(request: IncomingMessage, response: ServerResponse, stored: Response, body: Buffer) {
  const headers: Record<string, string> = {};
  stored.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
  });
  sendBody(request, response, 200, headers, body);
}
