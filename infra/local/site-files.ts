// The generated files CloudFront serves from the site bucket (sitemaps, RSS, robots.txt), served here
// from the site bucket's stand-in: the same paths as the keys the feeds context may write, with the
// type and cache the worker stored; a file not generated yet is a 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SITE_FILE_KEYS } from '../../lambdas/feeds/contract';
import { localUrl, type LocalConfig } from './config';
import { notFound, proxy } from './proxy';

// Each declared key as a path; its `*` matches only the names the worker generates.
const SITE_FILE_PATHS = SITE_FILE_KEYS.map(
  (key) => new RegExp(`^/${key.replace(/[.]/g, '\\.').replace('*', '[a-z0-9-]+')}$`),
);

export const isSiteFile = (pathname: string) => SITE_FILE_PATHS.some((pattern) => pattern.test(pathname));

export async function serveSiteFile(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL) {
  const target = `${localUrl(config.ports.s3)}/${config.siteBucket}${url.pathname}`;
  if (!(await fetch(target, { method: 'HEAD' })).ok) return notFound(response);
  await proxy(target, request, response);
}
