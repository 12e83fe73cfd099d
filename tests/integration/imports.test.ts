// Bulk CSV import over real HTTP, the real S3 stand-in and the real pipeline: the file uploaded as the
// browser does (a multipart upload to presigned part URLs), previewed, imported by the parse and batch
// workers. Every validation message; a file with broken rows imports the good ones and logs the
// others with the articles' messages; a chunk delivered again counts nothing twice; the same file
// imported again updates the same articles; only editors and masters may import. The kill-and-restart
// test runs its own runtime: it SIGKILLs it mid-import and starts it again on the same data.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type ImportSession, type UploadTicket } from '../../shared/imports';
import { csvLine, SAMPLE_COLUMNS, sampleRows } from '../bench/import-sample';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { pipelinesDrained } from '../support/pipelines';
import { startRuntime, type TestRuntime } from '../support/runtime';
import { PortalTable } from '../support/table';

const { baseUrl, ports } = inject('runtime');
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

type Row = Record<(typeof SAMPLE_COLUMNS)[number], string>;

/** The sample generator's rows with record_ids of this test's own (`prefix-<n>`). */
function rowsOf(count: number, prefix: string, seed = 7, brokenPercent = 10) {
  const { rows, broken } = sampleRows(count, brokenPercent, seed);
  const renamed = rows.map(
    (row) =>
      ({
        ...row,
        record_id: `${prefix}-${row.record_id}`,
        'URL Slug': /^[a-z0-9]/.test(row['URL Slug']) ? `${prefix}-${row['URL Slug']}` : row['URL Slug'],
      }) as Row,
  );
  // A slug that normalizes to nothing ('--') is not a refusal: the title's slug is used instead.
  const refused = [...broken].filter(([, kind]) => kind !== 'bad-slug');
  return {
    rows: renamed,
    broken: new Map(refused.map(([id, kind]) => [`${prefix}-${id}`, kind])),
  };
}

const csvOf = (rows: Row[], delimiter = ',', columns: readonly string[] = SAMPLE_COLUMNS) =>
  [
    csvLine(columns, delimiter),
    ...rows.map((row) =>
      csvLine(
        columns.map((column) => row[column as keyof Row] ?? ''),
        delimiter,
      ),
    ),
  ].join('\n') + '\n';

/** The browser's upload: a ticket, each part PUT to its URL (no bearer), then complete. */
async function upload(client: CheckedPortal, who: Member, text: string, fileName = 'arquivo.csv') {
  const body = Buffer.from(text, 'utf8');
  const ticket = await client.request('POST', '/api/imports/uploads', {
    token: who.token,
    body: { file_name: fileName, size: body.length },
  });
  expect(ticket.status, ticket.text).toBe(200);
  const { key, upload_id, part_size, parts } = ticket.body as unknown as UploadTicket;
  const sent = [];
  for (const part of parts) {
    const response = await fetch(part.url, {
      method: 'PUT',
      body: body.subarray((part.part_number - 1) * part_size, part.part_number * part_size),
    });
    expect(response.status).toBe(200);
    sent.push({
      part_number: part.part_number,
      etag: response.headers.get('etag')!,
    });
  }
  return client.request('POST', '/api/imports/uploads/complete', {
    token: who.token,
    body: { key, upload_id, parts: sent },
  });
}

async function importFile(client: CheckedPortal, who: Member, text: string): Promise<ImportSession> {
  const previewed = await upload(client, who, text);
  expect(previewed.status, previewed.text).toBe(200);
  const started = await client.request('POST', '/api/imports', {
    token: who.token,
    body: { key: (previewed.body as unknown as ImportPreview).key },
  });
  expect(started.status, started.text).toBe(201);
  return started.body as unknown as ImportSession;
}

async function finished(client: CheckedPortal, who: Member, id: string, timeoutMs = 60_000): Promise<ImportSession> {
  return eventually(async () => {
    const response = await client.request('GET', `/api/imports/${id}`, {
      token: who.token,
    });
    const session = response.body as unknown as ImportSession;
    return session.status === 'running' ? undefined : session;
  }, timeoutMs);
}

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

describe('a runtime killed mid-import', () => {
  let own: TestRuntime;
  afterAll(() => own?.stop());

  it('finishes the session, every good row once, after a restart on the same data', async () => {
    own = await startRuntime({
      empty: true,
      env: { IMPORT_STALL_SECONDS: '10' },
    });
    const ownPortal = new CheckedPortal(own.baseUrl);
    const ownTable = new PortalTable(own.ports.dynamodb);
    const editorB = await member(ownPortal, ownTable, 'editor-kill', 'Eva Reinício', { roles: ['editor'] });
    const { rows, broken } = rowsOf(1200, 'kill', 11, 3);
    const session = await importFile(ownPortal, editorB, csvOf(rows));
    await eventually(async () => {
      const now = (
        await ownPortal.request('GET', `/api/imports/${session.id}`, {
          token: editorB.token,
        })
      ).body as unknown as ImportSession;
      return now.successful_records > 0 ? now : undefined;
    }, 60_000);
    await own.kill();
    own = await startRuntime({
      empty: true,
      resume: { dataDir: own.dataDir, base: own.ports.gateway },
      env: { IMPORT_STALL_SECONDS: '10' },
    });
    const done = await finished(ownPortal, editorB, session.id, 180_000);
    expect(done).toMatchObject({
      status: 'completed',
      total_records: 1200,
      successful_records: 1200 - broken.size,
      failed_records: broken.size,
    });
    // Every good row is one published article, counted once (the counters move with each chunk, once).
    const stats = await ownPortal.request('GET', '/api/articles/stats', {
      token: editorB.token,
    });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.portal).toEqual({
      draft: 0,
      review: 0,
      published: 1200 - broken.size,
    });
  }, 300_000);
});
