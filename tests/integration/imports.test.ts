// Bulk CSV import over real HTTP, the real S3 stand-in and the real pipeline: the file uploaded as the
// browser does (a multipart upload to presigned part URLs), previewed, imported by the parse and batch
// workers. Every validation message; a file with broken rows imports the good ones and logs the
// others with the articles' messages; a chunk delivered again counts nothing twice; the same file
// imported again updates the same articles; only editors and masters may import. The kill-and-restart
// test is tests/integration/import-restart.test.ts.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type ImportSession, type UploadTicket } from '../../shared/imports';
import { SAMPLE_COLUMNS } from '../bench/import-sample';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { csvOf, finished, importFile, rowsOf, upload } from '../support/imports';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

let master: Member;
let editor: Member;

beforeAll(async () => {
  [master, editor] = await Promise.all([
    member(portal, table, 'master-imp', 'Mara Importação', {
      roles: ['master'],
    }),
    member(portal, table, 'editor-imp', 'Edu Importação', {
      roles: ['editor'],
    }),
  ]);
});

async function errorLog(who: Member, id: string): Promise<string[][]> {
  const response = await portal.request('GET', `/api/imports/${id}/errors`, {
    token: who.token,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  // Log messages hold no quotes or line breaks but may hold commas (quoted): enough to split here.
  return response.text
    .trim()
    .split('\r\n')
    .map((line) =>
      line
        .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
        .filter(Boolean)
        .map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

describe('who may import', () => {
  it('refuses readers and authors, with the spec message, on every route', async () => {
    const [reader, author] = await Promise.all([
      member(portal, table, 'leitor-imp', 'Lia Leitora'),
      member(portal, table, 'autor-imp', 'Abel Autor', { roles: ['author'] }),
    ]);
    for (const who of [reader, author]) {
      const ticket = await portal.request('POST', '/api/imports/uploads', {
        token: who.token,
        body: { file_name: 'a.csv', size: 10 },
      });
      expect(ticket.status).toBe(403);
      expect(ticket.body.message).toBe('Acesso negado');
      expect((await portal.request('GET', '/api/imports', { token: who.token })).status).toBe(403);
    }
    expect((await portal.request('GET', '/api/imports')).status).toBe(401);
  });

  it('lets nobody but the uploader complete or import an upload', async () => {
    const ticket = await portal.request('POST', '/api/imports/uploads', {
      token: editor.token,
      body: { file_name: 'a.csv', size: 10 },
    });
    const { key } = ticket.body as unknown as UploadTicket;
    const other = await portal.request('POST', '/api/imports', {
      token: master.token,
      body: { key },
    });
    expect(other.status).toBe(403);
  });
});

describe('the spec checks of the file', () => {
  it("refuses a file over 100 MB with 'Arquivo muito grande'", async () => {
    const response = await portal.request('POST', '/api/imports/uploads', {
      token: editor.token,
      body: { file_name: 'grande.csv', size: IMPORT_LIMITS.maxBytes + 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it("refuses a file without the required columns with 'Campos obrigatórios ausentes'", async () => {
    const response = await upload(portal, editor, 'record_id,titulo,Author\n1,Título,Ana\n');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(IMPORT_MESSAGES.missingColumns);
  });

  it.each([
    ['a header and no row', `${SAMPLE_COLUMNS.join(',')}\n`],
    ['a quote never closed', `${SAMPLE_COLUMNS.join(',')}\n1,"Título sem fim,conteúdo\n`],
  ])("refuses %s with 'Arquivo inválido'", async (_, text) => {
    const response = await upload(portal, editor, text);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(IMPORT_MESSAGES.invalidFile);
  });

  it("reads ';' when the first line has one, quoted fields with doubled quotes, and counts the records", async () => {
    const { rows } = rowsOf(23, 'semi', 3, 0);
    rows[0]!.titulo = 'Prefeito diz "não"; vereadores; reagem';
    const response = await upload(portal, editor, csvOf(rows, ';'));
    expect(response.status, response.text).toBe(200);
    const preview = response.body as unknown as ImportPreview;
    expect(preview.delimiter).toBe(';');
    expect(preview.total_records).toBe(23);
    expect(preview.rows).toHaveLength(IMPORT_LIMITS.previewRows);
    expect(preview.rows[0]!.titulo).toBe('Prefeito diz "não"; vereadores; reagem');
    expect(IMPORT_MESSAGES.loaded(preview.total_records)).toBe('Arquivo carregado: 23 registros encontrados.');
    // Cancelling the preview removes the upload: it cannot be imported any more.
    expect(
      (
        await portal.request('POST', '/api/imports/uploads/cancel', {
          token: editor.token,
          body: { key: preview.key },
        })
      ).status,
    ).toBe(204);
    const started = await portal.request('POST', '/api/imports', {
      token: editor.token,
      body: { key: preview.key },
    });
    expect(started.status).toBe(400);
    expect(started.body.message).toBe(IMPORT_MESSAGES.sessionError);
  });
});

describe('an import', () => {
  const { rows, broken } = rowsOf(450, 'lote');
  let session: ImportSession;

  beforeAll(async () => {
    session = await finished(portal, master, (await importFile(portal, master, csvOf(rows))).id);
  }, 90_000);

  it('imports the good rows and logs each broken one with its message', async () => {
    expect(broken.size).toBeGreaterThan(20);
    expect(session).toMatchObject({
      status: 'completed',
      total_records: 450,
      successful_records: 450 - broken.size,
      failed_records: broken.size,
      parsed: true,
    });
    const log = await errorLog(master, session.id);
    expect(log[0]).toEqual(['record_id', 'error']);
    const refused = new Map(
      log
        .slice(1)
        .filter(([, error]) => !error!.startsWith('Slug já em uso'))
        .map(([id, error]) => [id!, error!]),
    );
    expect([...refused.keys()].sort()).toEqual([...broken.keys()].sort());
    const expected: Record<string, string> = {
      'no-title': 'Título deve ter pelo menos 3 caracteres',
      'no-content': 'Conteúdo deve ter pelo menos 50 caracteres',
      'no-author': IMPORT_MESSAGES.noAuthor,
      'short-content': 'Conteúdo deve ter pelo menos 50 caracteres',
      'long-title': 'Título muito longo',
      'bad-date': IMPORT_MESSAGES.invalidDate,
    };
    for (const [id, kind] of broken) if (expected[kind]) expect(refused.get(id), `${id} (${kind})`).toBe(expected[kind]);
  });

  it('publishes them on the site with their slug, date, author and tags', async () => {
    const row = rows.find((candidate) => !broken.has(candidate.record_id) && candidate['URL Slug'] && candidate.Author.includes(' '))!;
    const article = await portal.request('GET', `/api/articles/by-slug/${row['URL Slug']}`);
    expect(article.status, article.text).toBe(200);
    expect(article.body).toMatchObject({
      title: row.titulo.trim(),
      published_at: expect.stringMatching(new RegExp(`^${row.Date.slice(0, 4)}`)),
    });
    expect(article.body.author).toMatchObject({ full_name: row.Author });
    expect(article.body.tags).toEqual(expect.arrayContaining(row.Categorias.split(', ').map((tag) => tag.toLowerCase())));
    // The SEO pass ran with the import: the editor's copy shows its result.
    const draft = await portal.request('GET', `/api/articles/${article.body.id}`, { token: master.token });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.seo).toMatchObject({ validation_status: expect.stringMatching(/^(valid|warning|error)$/), version: 1 });
  });

  it('adds them to the sitemaps and the news of the site after the import (ImportCompleted)', async () => {
    const good = rows.filter((candidate) => !broken.has(candidate.record_id) && /^[a-z0-9]/.test(candidate['URL Slug']));
    const expected = good.slice(0, 20).map((row) => `/article/${row['URL Slug']}`);
    await eventually(async () => {
      const index = await fetch(`${baseUrl}/sitemap.xml`);
      if (index.status !== 200) return undefined;
      const parts = [...(await index.text()).matchAll(/<loc>([^<]*sitemap-articles-\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
      const listed = (await Promise.all(parts.map(async (part) => (await fetch(part.replace(/^https?:\/\/[^/]+/, baseUrl))).text()))).join('');
      return expected.every((path) => listed.includes(`${path}</loc>`)) ? true : undefined;
    }, 60_000);
  });

  it('counts nothing twice when a chunk is delivered again', async () => {
    const sqs = new SQSClient({
      endpoint: `http://127.0.0.1:${ports.gateway + 4}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const queueUrl = `http://127.0.0.1:${ports.gateway + 4}/000000000000/portal-import-batch`;
    const event = {
      id: 'redelivery',
      'detail-type': 'ImportChunkQueued',
      source: 'portal.imports',
      detail: {
        session_id: session.id,
        chunk: 1,
        queued_at: new Date().toISOString(),
      },
    };
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(event),
      }),
    );
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(event),
      }),
    );
    // Both copies are on the queue: once it is empty, the worker has handled each.
    await pipelinesDrained(ports, ['import-batch']);
    const again = (
      await portal.request('GET', `/api/imports/${session.id}`, {
        token: master.token,
      })
    ).body as unknown as ImportSession;
    expect(again).toMatchObject({
      successful_records: session.successful_records,
      failed_records: session.failed_records,
      status: 'completed',
    });
  });

  it('updates the same articles when the same file is imported again', async () => {
    const changed = rows.map((row, index) => (index === 0 ? { ...row, titulo: `${row.titulo} (atualizada)` } : row));
    const second = await finished(portal, editor, (await importFile(portal, editor, csvOf(changed))).id);
    expect(second).toMatchObject({
      status: 'completed',
      successful_records: session.successful_records,
    });
    const first = changed[0]!;
    if (!broken.has(first.record_id) && first['URL Slug']) {
      const article = await portal.request('GET', `/api/articles/by-slug/${first['URL Slug']}`);
      expect(article.body.title).toBe(first.titulo.trim());
    }
    // No copies: no slug was taken by another article (a copy would have got a suffixed slug).
    const log = await errorLog(editor, second.id);
    const renamedFirst = (await errorLog(master, session.id)).filter(([, error]) => error!.startsWith('Slug já em uso')).length;
    expect(log.filter(([, error]) => error!.startsWith('Slug já em uso')).length).toBe(renamedFirst);
    // A second import of the whole file: ~28 s on a quiet machine, past the 30 s default on a busy one.
  }, 90_000);
});
