// /media/* as CloudFront's behaviour serves it: the path is the object key (keys live under media/).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localUrl, type LocalConfig } from './config';
import { proxy } from './proxy';

export async function serveMedia(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL) {
  await proxy(`${localUrl(config.ports.s3)}/${config.mediaBucket}${url.pathname}`, request, response);
}
