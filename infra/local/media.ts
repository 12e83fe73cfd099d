// /media/* as CloudFront's behaviour serves it: the path is the object key (keys live under media/).
// Only cover images are served: a plain key with an image extension whose stored Content-Type is
// that image type; anything else is a 404, so nothing stored there can run as a page or a script.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localUrl, type LocalConfig } from './config';
import { proxy } from './proxy';

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
// Word characters and hyphens only: no dot segments and no escapes that S3 would decode into a key elsewhere.
const MEDIA_PATH = /^\/media\/(?:[\w-]+\/)*[\w-]+\.(jpg|png|webp)$/;

function notFound(response: ServerResponse) {
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end('Not Found');
}

export async function serveMedia(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL) {
  const ext = MEDIA_PATH.exec(url.pathname)?.[1];
  if (!ext) return notFound(response);
  const target = `${localUrl(config.ports.s3)}/${config.mediaBucket}${url.pathname}`;
  const head = await fetch(target, { method: 'HEAD' });
  if (!head.ok || head.headers.get('content-type') !== IMAGE_TYPES[ext]) return notFound(response);
  await proxy(target, request, response);
}
