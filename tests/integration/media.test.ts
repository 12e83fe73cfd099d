// Cover uploads over real HTTP: the presigned PUT to the local S3 (under uploads/, never served), then
// the server's check of what actually arrived (type, size and magic bytes), its promotion to media/,
// and the image served under /media/.
import { get } from 'node:http';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleView, CoverUpload } from '../../shared/api-types';
import { loadConfig } from '../../infra/local/config';
import { coverVariantPath } from '../../shared/cover-variants';
import { byCase, CheckedPortal, member, type ApiResponse, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

const MB = 1024 * 1024;
const MSG = {
  createForbidden: 'Você precisa ser Autor, Editor ou Master para criar artigos.',
  invalid: 'Arquivo inválido',
  tooLarge: 'A imagem deve ter no máximo 5MB',
  uploadError: 'Não foi possível enviar a imagem.',
} as const;
const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let author: Member;
let otherAuthor: Member;
let editor: Member;
let reader: Member;
let subscriber: Member;

beforeAll(async () => {
  [author, otherAuthor, editor, reader, subscriber] = await Promise.all([
    member(portal, table, 'capa-autora', 'Carla Capista', { roles: ['author'] }),
    member(portal, table, 'capa-outro', 'Caio Capista', { roles: ['author'] }),
    member(portal, table, 'capa-editor', 'Érica Editora', { roles: ['editor'] }),
    member(portal, table, 'capa-leitor', 'Luís Leitor'),
    member(portal, table, 'capa-assinante', 'Sônia Assinante', { subscribed: true }),
  ]);
});

/** A real 16×16 PNG. */
function smallPng(): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width: 16, height: 16 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([0x1f, 0x6f, 0xb4, 0xff], index);
  return new Uint8Array(PNG.sync.write(png));
}

function expectError(response: ApiResponse, status: number, message: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body.message).toBe(message);
}

const start = (who: Member | undefined, body: unknown) => portal.request('POST', '/api/media/covers', { token: who?.token, body });
const confirm = (who: Member | undefined, key: unknown) => portal.request('POST', '/api/media/covers/confirm', { token: who?.token, body: { key } });

async function started(who: Member, contentType: string, size: number): Promise<CoverUpload> {
  const response = await start(who, { content_type: contentType, size });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as CoverUpload;
}

async function upload(target: CoverUpload, bytes: Uint8Array<ArrayBuffer>, contentType = 'image/png'): Promise<void> {
  const response = await fetch(target.upload_url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: bytes });
  expect(response.status, await response.text()).toBe(200);
}

async function put(target: CoverUpload, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Response> {
  return fetch(target.upload_url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: bytes });
}

const served = (url: string) => fetch(baseUrl + url);
/** The upload as stored, read straight from the local S3 (which answers unsigned reads). */
const stored = (target: CoverUpload) => fetch(new URL(new URL(target.upload_url).pathname, target.upload_url));
const mediaUrlOf = (target: CoverUpload) => `/${target.key.replace(/^uploads\//, 'media/')}`;

/** A GET of a path sent exactly as written (fetch would resolve dot segments before sending it). */
function rawGet(path: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(new URL(baseUrl), { path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/** Never served, whichever way it is asked for: through /media/ it is a 404, and nowhere is it the file. */
async function expectNeverServed(target: CoverUpload, bytes: Uint8Array): Promise<void> {
  expect((await served(target.url)).status).toBe(404);
  expect((await served(mediaUrlOf(target))).status).toBe(404);
  const slashes = target.key.replaceAll('/', '%2F');
  // These stay under /media/ once the gateway has parsed the URL.
  for (const path of [`/media/${target.key}`, `/media/..%2F${slashes}`, `/media/..%2f${target.key}`, `/media/%2E%2E%2F${slashes}`]) {
    expect((await rawGet(path)).status, path).toBe(404);
  }
  // Dot segments are resolved before routing: these land outside /media/ (on the app shell).
  for (const path of [`/${target.key}`, `/media/../${target.key}`, `/media/%2e%2e/${target.key}`, `/media/%2E%2E/${target.key}`]) {
    const response = await rawGet(path);
    expect(response.body.equals(Buffer.from(bytes)), path).toBe(false);
    expect(response.contentType, path).not.toMatch(/^(image|text\/javascript)/);
  }
}

describe('POST /api/media/covers (start an upload)', () => {
  it('needs a signed-in caller', async () => {
    expect((await start(undefined, { content_type: 'image/png', size: 1000 })).status).toBe(401);
  });

  it.each(['a reader', 'a subscriber'])('refuses %s without a writing role', async (who) => {
    expectError(await start(who === 'a reader' ? reader : subscriber, { content_type: 'image/png', size: 1000 }), 403, MSG.createForbidden);
  });

  it("gives an author a presigned URL for a key under the author's own uploads folder", async () => {
    const response = await start(author, { content_type: 'image/png', size: 2048 });
    expect(response.status, response.text).toBe(201);
    const cover = response.body as unknown as CoverUpload;
    expect(cover.key).toMatch(new RegExp(`^uploads/${author.id}/\\d+\\.png$`));
    expect(cover.url).toBe(`/${cover.key.replace(/^uploads\//, 'media/')}`);
    expect(URL.canParse(cover.upload_url)).toBe(true);
    expect(new URL(cover.upload_url).pathname).toContain(cover.key);
  });

  it('signs the Content-Type and the length into the presigned URL', async () => {
    const cover = await started(author, 'image/webp', 2048);
    const signed = new URL(cover.upload_url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
  });

  it.each([
    ['image/jpeg', 'jpg'],
    ['image/webp', 'webp'],
  ])('names an %s cover with the .%s extension', async (contentType, ext) => {
    const cover = await started(editor, contentType, 4096);
    expect(cover.key).toMatch(new RegExp(`^uploads/${editor.id}/\\d+\\.${ext}$`));
  });

  it('accepts exactly 5 MB', async () => {
    expect((await start(author, { content_type: 'image/png', size: 5 * MB })).status).toBe(201);
  });

  it.each(byCase([
    { case: 'a file over 5 MB', body: { content_type: 'image/png', size: 5 * MB + 1 }, message: MSG.tooLarge },
    { case: 'a GIF', body: { content_type: 'image/gif', size: 1000 }, message: MSG.invalid },
    { case: 'an SVG', body: { content_type: 'image/svg+xml', size: 1000 }, message: MSG.invalid },
    { case: 'an empty file', body: { content_type: 'image/png', size: 0 }, message: MSG.invalid },
    { case: 'a missing size', body: { content_type: 'image/png' }, message: MSG.invalid },
    { case: 'a missing type', body: { size: 1000 }, message: MSG.invalid },
  ]))('refuses %s', async (_, { body, message }) => {
    expectError(await start(author, body), 400, message);
  });
});

describe('POST /api/media/covers/confirm (check what arrived)', () => {
  it('needs a signed-in caller', async () => {
    expect((await confirm(undefined, `uploads/${author.id}/1.png`)).status).toBe(401);
  });

  it('confirms a real PNG, which is then served under /media/ and works as a cover', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    const confirmed = await confirm(author, cover.key);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ url: mediaUrlOf(cover) });
    expect(cover.url).toMatch(/^\/media\//);

    const image = await served(confirmed.body.url as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const received = new Uint8Array(await image.arrayBuffer());
    expect(Buffer.from(received).equals(Buffer.from(bytes))).toBe(true);
    expect(PNG.sync.read(Buffer.from(received)).width).toBe(16);

    const article = await portal.request('POST', '/api/articles', {
      token: author.token,
      body: {
        title: 'Artigo com capa enviada',
        slug: `capa-${Date.now()}`,
        summary: 'Um artigo que usa a capa recém-enviada.',
        content: '<p>Texto do artigo com capa própria, longo o bastante para ser aceito pelo portal.</p>',
        cover_image: confirmed.body.url,
      },
    });
    expect(article.status, article.text).toBe(201);
    expect(article.body.cover_image).toBe(cover.url);
  });

  it('serves a confirmed PNG as image/png with the cache policy, and removes the upload', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    expect((await confirm(author, cover.key)).status).toBe(200);
    const image = await served(cover.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await stored(cover)).status).toBe(404);
  });

  it('answers a second confirm of the same key with a 400, and keeps the image', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    expect((await confirm(author, cover.key)).status).toBe(200);
    expectError(await confirm(author, cover.key), 400, MSG.uploadError);
    expect((await served(cover.url)).status).toBe(200);
  });

  it('never serves an upload that was not confirmed', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    expect((await stored(cover)).status).toBe(200);
    await expectNeverServed(cover, bytes);
  });

  it('refuses an upload sent with another Content-Type than the one asked for, and never serves it', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/png', bytes.length);
    const response = await put(cover, bytes, 'text/html');
    await expectNeverServed(cover, bytes);
    // S3 refuses it against the signature; a stand-in that does not check signatures leaves it to confirm.
    if (response.ok) expectError(await confirm(author, cover.key), 400, MSG.invalid);
    else expect(response.status).toBe(403);
    await expectNeverServed(cover, bytes);
    expect((await stored(cover)).status).toBe(404);
  });

  it.each(byCase([
    {
      case: 'JavaScript disguised as a WebP (RIFF/WEBP header, sent as text/javascript)',
      asked: 'image/webp',
      sent: 'text/javascript',
      bytes: () => new TextEncoder().encode('RIFF\0\0\0\0WEBP=1;fetch("/api/me").then((r) => r.text()).then(alert);'),
    },
    {
      case: 'HTML after PNG magic bytes, sent as text/html',
      asked: 'image/png',
      sent: 'text/html',
      bytes: () => new Uint8Array([...PNG_SIGNATURE, ...new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>')]),
    },
    {
      case: 'an SVG sent through a PNG upload as image/svg+xml',
      asked: 'image/png',
      sent: 'image/svg+xml',
      bytes: () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
  ]))('refuses %s, deletes it and never serves it', async (_, { asked, sent, bytes }) => {
    const body = new Uint8Array(bytes());
    const cover = await started(author, asked, body.length);
    const response = await put(cover, body, sent);
    await expectNeverServed(cover, body);
    if (response.ok) expectError(await confirm(author, cover.key), 400, MSG.invalid);
    await expectNeverServed(cover, body);
    expect((await stored(cover)).status).toBe(404);
  });

  it('refuses text sent as a PNG and deletes it', async () => {
    const bytes = new TextEncoder().encode('isto não é uma imagem, é só texto fingindo ser PNG.');
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    expect((await stored(cover)).status).toBe(200);
    expect((await served(cover.url)).status).toBe(404);
    expectError(await confirm(author, cover.key), 400, MSG.invalid);
    expect((await served(cover.url)).status).toBe(404);
    expect((await stored(cover)).status).toBe(404);
  });

  it('refuses a JPEG cover whose bytes are a PNG and deletes it', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/jpeg', bytes.length);
    await upload(cover, bytes, 'image/jpeg');
    expectError(await confirm(author, cover.key), 400, MSG.invalid);
    expect((await served(cover.url)).status).toBe(404);
    expect((await stored(cover)).status).toBe(404);
  });

  it('refuses an upload that turned out larger than 5 MB and deletes it', async () => {
    const cover = await started(author, 'image/png', 1024);
    const bytes = new Uint8Array(5.5 * MB);
    bytes.set(PNG_SIGNATURE);
    await upload(cover, bytes);
    expectError(await confirm(author, cover.key), 400, MSG.tooLarge);
    expect((await served(cover.url)).status).toBe(404);
    expect((await stored(cover)).status).toBe(404);
  });

  it("refuses to confirm someone else's key and leaves that file alone", async () => {
    const bytes = smallPng();
    const theirs = await started(otherAuthor, 'image/png', bytes.length);
    await upload(theirs, bytes);
    expectError(await confirm(author, theirs.key), 400, MSG.invalid);
    expect((await stored(theirs)).status).toBe(200);
    expect((await confirm(otherAuthor, theirs.key)).status).toBe(200);
    expect((await served(theirs.url)).status).toBe(200);
  });

  it.each(byCase([
    { case: 'a key outside uploads/', key: () => `outros/${author.id}/1700000000000.png` },
    { case: 'a key already under media/', key: () => `media/${author.id}/1700000000000.png` },
    { case: 'a key with a foreign extension', key: () => `uploads/${author.id}/1700000000000.gif` },
    { case: 'an SVG key', key: () => `uploads/${author.id}/1700000000000.svg` },
    { case: 'a key that climbs directories', key: () => `uploads/${author.id}/../${otherAuthor.id}/1700000000000.png` },
    { case: 'no key', key: () => undefined },
  ]))('refuses %s', async (_, { key }) => {
    expectError(await confirm(author, key()), 400, MSG.invalid);
  });

  it('refuses a key of its own that was never uploaded', async () => {
    const cover = await started(author, 'image/png', 1000);
    expectError(await confirm(author, cover.key), 400, MSG.uploadError);
  });
});

describe('GET /media/* (only images)', () => {
  /** Writes an object straight into the local S3 (which takes unsigned writes), as if it had got there. */
  async function storeInMedia(key: string, body: Uint8Array<ArrayBuffer>, contentType: string): Promise<void> {
    const { upload_url } = await started(author, 'image/png', 1000);
    const bucket = new URL(upload_url).pathname.split('/')[1];
    const response = await fetch(new URL(`/${bucket}/${key}`, upload_url), { method: 'PUT', headers: { 'Content-Type': contentType }, body });
    expect(response.status).toBe(200);
  }

  it.each(byCase([
    { case: 'an SVG', ext: 'svg', type: 'image/svg+xml', bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
    { case: 'HTML under a .png name', ext: 'png', type: 'text/html', bytes: '<script>alert(1)</script>' },
    { case: 'JavaScript under a .webp name', ext: 'webp', type: 'text/javascript', bytes: 'alert(1)' },
    { case: 'a PNG stored under a .jpg name', ext: 'jpg', type: 'image/png', bytes: '\x89PNG' },
    { case: 'an HTML page', ext: 'html', type: 'text/html', bytes: '<script>alert(1)</script>' },
  ]))('answers 404 for %s stored under media/', async (_, { ext, type, bytes }) => {
    const key = `media/${author.id}/${Date.now()}.${ext}`;
    await storeInMedia(key, new TextEncoder().encode(bytes), type);
    const response = await served(`/${key}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(bytes);
  });

  it('serves a PNG stored under media/ as image/png', async () => {
    const key = `media/${author.id}/${Date.now()}.png`;
    await storeInMedia(key, smallPng(), 'image/png');
    const response = await served(`/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});

describe('WebP variants of a confirmed cover (the cover-variants worker, through the real pipeline)', () => {
  /** A real PNG of this size, drawn by sharp. */
  const pngOf = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
      .png()
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer));

  async function confirmedCover(width: number, height: number): Promise<{ cover: CoverUpload; confirmedAt: number }> {
    const bytes = await pngOf(width, height);
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    expect((await confirm(author, cover.key)).status).toBe(200);
    return { cover, confirmedAt: Date.now() };
  }

  /** The variant as /media/ serves it, once it is there (the worker runs a moment after confirm). */
  async function servedVariant(url: string, width: number, timeoutMs = 10_000): Promise<Response> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await served(coverVariantPath(url, width)!);
      if (response.status === 200 || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const coverItem = (url: string) => table.item({ pk: `MEDIA#${url.slice(1)}`, sk: 'COVER' });

  async function recordedVariants(url: string, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const item = await coverItem(url);
      if (item?.variants || Date.now() > deadline) return item ?? {};
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('writes 400, 800 and 1200 px WebP beside the original within seconds, cached for good, and records them', async () => {
    const { cover, confirmedAt } = await confirmedCover(1600, 900);
    for (const width of [400, 800, 1200]) {
      const response = await servedVariant(cover.url, width);
      expect(response.status, `${width}`).toBe(200);
      if (width === 1200) console.log(`cover-variants: all three variants served ${Date.now() - confirmedAt} ms after confirm`);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: (width * 9) / 16 });
    }
    expect(await recordedVariants(cover.url)).toMatchObject({ entity: 'cover', user_id: author.id, width: 1600, height: 900, variants: [400, 800, 1200] });
    // The original stays as it was.
    expect((await served(cover.url)).headers.get('content-type')).toBe('image/png');
  });

  it('never upscales: a 320 px original gets one variant of its own width', async () => {
    const { cover } = await confirmedCover(320, 180);
    expect((await recordedVariants(cover.url)).variants).toEqual([320]);
    const meta = await sharp(Buffer.from(await (await servedVariant(cover.url, 320)).arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width: 320 });
    expect((await served(coverVariantPath(cover.url, 400)!)).status).toBe(404);
  });

  it('gives an article the widths once they exist: none when saved at once, all of them on the next save', async () => {
    const { cover } = await confirmedCover(1600, 900);
    const slug = `capa-variantes-${Date.now()}`;
    const created = await portal.request('POST', '/api/articles', {
      token: author.token,
      body: {
        title: 'Artigo com capa responsiva',
        slug,
        summary: 'Um artigo salvo logo depois de enviar a capa.',
        content: '<p>Texto do artigo com capa própria, longo o bastante para ser aceito pelo portal.</p>',
        cover_image: cover.url,
      },
    });
    expect(created.status, created.text).toBe(201);
    const view = async () => (await portal.request('GET', `/api/articles/by-slug/${slug}`, { token: author.token })).body as unknown as ArticleView;
    // Saved before the worker could have finished: the page shows the original alone, never a missing variant.
    const first = await view();
    expect(first.cover_image).toBe(cover.url);
    expect(first.cover_variants.every((width) => [400, 800, 1200].includes(width))).toBe(true);
    await recordedVariants(cover.url);
    const saved = await portal.request('PUT', `/api/articles/${String(created.body.id)}`, {
      token: author.token,
      body: { summary: 'Um artigo salvo de novo, com as variantes prontas.', base_version: created.body.version },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await view()).cover_variants).toEqual([400, 800, 1200]);
  });

  it('writes the same files again when the event comes again (idempotent)', async () => {
    const { cover } = await confirmedCover(1000, 500);
    const before = await recordedVariants(cover.url);
    expect(before.variants).toEqual([400, 800, 1000]);
    const bytes = async () => Promise.all([400, 800, 1000].map(async (width) => Buffer.from(await (await servedVariant(cover.url, width)).arrayBuffer())));
    const first = await bytes();
    // Inserting the cover item again makes the outbox publish CoverConfirmed again, as a redelivery would.
    const client = table.client;
    const { width: _width, height: _height, variants: _variants, variants_at: _at, ...confirmed } = before;
    const TableName = loadConfig([], {}).tableName;
    await client.send(new DeleteCommand({ TableName, Key: { pk: confirmed.pk, sk: confirmed.sk } }));
    await client.send(new PutCommand({ TableName, Item: confirmed }));
    const again = await recordedVariants(cover.url);
    expect(again).toMatchObject({ variants: [400, 800, 1000], width: 1000, height: 500 });
    expect(again.variants_at).not.toBe(before.variants_at);
    expect((await bytes()).map((body, index) => body.equals(first[index]!))).toEqual([true, true, true]);
  });
});
