// Cover uploads over real HTTP: the presigned PUT to the local S3, then the server's check of what
// actually arrived (size and magic bytes), and the image served under /media/.
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CoverUpload } from '../../shared/api-types';
import { byCase, CheckedPortal, member, type ApiResponse, type Member } from '../support/cast';
import { PortalTable } from '../support/table';

const { baseUrl, ports } = inject('runtime');
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

const served = (url: string) => fetch(baseUrl + url);

describe('POST /api/media/covers (start an upload)', () => {
  it('needs a signed-in caller', async () => {
    expect((await start(undefined, { content_type: 'image/png', size: 1000 })).status).toBe(401);
  });

  it.each(['a reader', 'a subscriber'])('refuses %s without a writing role', async (who) => {
    expectError(await start(who === 'a reader' ? reader : subscriber, { content_type: 'image/png', size: 1000 }), 403, MSG.createForbidden);
  });

  it("gives an author a presigned URL for a key under the author's own media folder", async () => {
    const response = await start(author, { content_type: 'image/png', size: 2048 });
    expect(response.status, response.text).toBe(201);
    const cover = response.body as unknown as CoverUpload;
    expect(cover.key).toMatch(new RegExp(`^media/${author.id}/\\d+\\.png$`));
    expect(cover.url).toBe(`/${cover.key}`);
    expect(URL.canParse(cover.upload_url)).toBe(true);
    expect(new URL(cover.upload_url).pathname).toContain(cover.key);
  });

  it.each([
    ['image/jpeg', 'jpg'],
    ['image/webp', 'webp'],
  ])('names an %s cover with the .%s extension', async (contentType, ext) => {
    const cover = await started(editor, contentType, 4096);
    expect(cover.key).toMatch(new RegExp(`^media/${editor.id}/\\d+\\.${ext}$`));
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
    expect((await confirm(undefined, `media/${author.id}/1.png`)).status).toBe(401);
  });

  it('confirms a real PNG, which is then served under /media/ and works as a cover', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    const confirmed = await confirm(author, cover.key);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ url: `/${cover.key}` });
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

  it('refuses text sent as a PNG and deletes it', async () => {
    const bytes = new TextEncoder().encode('isto não é uma imagem, é só texto fingindo ser PNG.');
    const cover = await started(author, 'image/png', bytes.length);
    await upload(cover, bytes);
    expect((await served(cover.url)).status).toBe(200);
    expectError(await confirm(author, cover.key), 400, MSG.invalid);
    expect((await served(cover.url)).status).toBe(404);
  });

  it('refuses a JPEG cover whose bytes are a PNG and deletes it', async () => {
    const bytes = smallPng();
    const cover = await started(author, 'image/jpeg', bytes.length);
    await upload(cover, bytes, 'image/jpeg');
    expectError(await confirm(author, cover.key), 400, MSG.invalid);
    expect((await served(cover.url)).status).toBe(404);
  });

  it('refuses an upload that turned out larger than 5 MB and deletes it', async () => {
    const cover = await started(author, 'image/png', 1024);
    const bytes = new Uint8Array(5.5 * MB);
    bytes.set(PNG_SIGNATURE);
    await upload(cover, bytes);
    expectError(await confirm(author, cover.key), 400, MSG.tooLarge);
    expect((await served(cover.url)).status).toBe(404);
  });

  it("refuses to confirm someone else's key and leaves that file alone", async () => {
    const bytes = smallPng();
    const theirs = await started(otherAuthor, 'image/png', bytes.length);
    await upload(theirs, bytes);
    expectError(await confirm(author, theirs.key), 400, MSG.invalid);
    expect((await served(theirs.url)).status).toBe(200);
    expect((await confirm(otherAuthor, theirs.key)).status).toBe(200);
  });

  it.each(byCase([
    { case: 'a key outside media/', key: () => `outros/${author.id}/1700000000000.png` },
    { case: 'a key with a foreign extension', key: () => `media/${author.id}/1700000000000.gif` },
    { case: 'a key that climbs directories', key: () => `media/${author.id}/../${otherAuthor.id}/1700000000000.png` },
    { case: 'no key', key: () => undefined },
  ]))('refuses %s', async (_, { key }) => {
    expectError(await confirm(author, key()), 400, MSG.invalid);
  });

  it('refuses a key of its own that was never uploaded', async () => {
    const cover = await started(author, 'image/png', 1000);
    expectError(await confirm(author, cover.key), 400, MSG.uploadError);
  });
});
