// The import tests' steps (tests/integration/imports.test.ts, import-restart.test.ts): rows of the
// sample generator with ids of the test's own, the CSV text, the browser's multipart upload, and the
// wait for a session to end.
import { expect } from 'vitest';
import type { ImportPreview, ImportSession, UploadTicket } from '../../shared/imports';
import { csvLine, SAMPLE_COLUMNS, sampleRows } from '../bench/import-sample';
import { eventually } from './api';
import type { CheckedPortal, Member } from './cast';

export type Row = Record<(typeof SAMPLE_COLUMNS)[number], string>;

/** The sample generator's rows with record_ids of this test's own (`prefix-<n>`). */
export function rowsOf(count: number, prefix: string, seed = 7, brokenPercent = 10) {
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

export const csvOf = (rows: Row[], delimiter = ',', columns: readonly string[] = SAMPLE_COLUMNS) =>
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
export async function upload(client: CheckedPortal, who: Member, text: string, fileName = 'arquivo.csv') {
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

export async function importFile(client: CheckedPortal, who: Member, text: string): Promise<ImportSession> {
  const previewed = await upload(client, who, text);
  expect(previewed.status, previewed.text).toBe(200);
  const started = await client.request('POST', '/api/imports', {
    token: who.token,
    body: { key: (previewed.body as unknown as ImportPreview).key },
  });
  expect(started.status, started.text).toBe(201);
  return started.body as unknown as ImportSession;
}

export async function finished(client: CheckedPortal, who: Member, id: string, timeoutMs = 60_000): Promise<ImportSession> {
  return eventually(async () => {
    const response = await client.request('GET', `/api/imports/${id}`, {
      token: who.token,
    });
    const session = response.body as unknown as ImportSession;
    return session.status === 'running' ? undefined : session;
  }, timeoutMs);
}
