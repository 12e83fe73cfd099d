// /media/* as CloudFront's behaviour serves it: the path is the object key (keys live under media/).
// Only cover images are served: a plain key with an image extension whose stored Content-Type is
// that image type; anything else is a 404, so nothing stored there can run as a page or a script.
// The covers' WebP variants (`<original>-<width>.webp`, image/webp) are served by the same rule.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { coverTypeOfExtension } from '../../shared/article-rules';
import { localUrl, type LocalConfig } from './config';
import { notFound, proxy } from './proxy';

// Word characters and hyphens only: no dot segments and no escapes that S3 would decode into a key elsewhere.
const MEDIA_PATH = /^\/media\/(?:[\w-]+\/)*[\w-]+\.(jpg|png|webp)$/;

export async function serveMedia(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL) {
  const ext = MEDIA_PATH.exec(url.pathname)?.[1];
  if (!ext) return notFound(response);
  const target = `${localUrl(config.ports.s3)}/${config.mediaBucket}${url.pathname}`;
  const head = await fetch(target, { method: 'HEAD' });
  if (!head.ok || head.headers.get('content-type') !== coverTypeOfExtension(ext)) return notFound(response);
  await proxy(target, request, response);
}
