// The audit log over real HTTP: every master action leaves one entry naming who did what to whom or
// to which item — a role given and taken (with the person's name), a menu item created, edited and
// deleted (with its label), a newsletter subscriber added and unsubscribed, a test copy and a send
// (with the subject), the analytics settings saved (never the key) and an import started (with the
// file's name). Only masters read the log.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, UploadTicket } from '../../shared/imports';
import type { AuditLogEntry } from '../../web/src/features/admin/api/admin';
import { csvLine, SAMPLE_COLUMNS, sampleRows } from '../bench/import-sample';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports, dataDir } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

/** An entry as the admin area reads it. */
type Entry = AuditLogEntry;

let master: Member;
let editor: Member;
let reader: Member;

beforeAll(async () => {
  [master, editor, reader] = await Promise.all([
    member(portal, table, 'aud-master', 'Mirela Auditoria', { roles: ['master'] }),
    member(portal, table, 'aud-editor', 'Elton Auditoria', { roles: ['editor'] }),
    member(portal, table, 'aud-leitor', 'Lucas Auditado'),
  ]);
});

async function ok(method: string, route: string, body?: unknown, status = 200, who: Member = master) {
  const response = await portal.request(method, route, { token: who.token, body });
  expect(response.status, `${method} ${route}: ${response.text}`).toBe(status);
  return response.body as Record<string, unknown>;
}

/** The log's latest entries about one target (the first page is enough: each test acts on its own targets). */
async function entriesFor(targetId: string): Promise<Entry[]> {
  const page = await ok('GET', '/api/admin/audit');
  return (page.items as Entry[]).filter((entry) => entry.target_id === targetId);
}

/** The import's author: a name no account has, so the import makes a profile without an account. */
const IMPORTED_AUTHOR = `Irene Importada ${randomUUID().slice(0, 6)}`;

describe('the audit log', () => {
  it('is read by masters only', async () => {
    expect((await portal.request('GET', '/api/admin/audit')).status).toBe(401);
    for (const who of [editor, reader]) expect((await portal.request('GET', '/api/admin/audit', { token: who.token })).status).toBe(403);
  });

  it('names whom a role was given to and taken from', async () => {
    await ok('POST', `/api/admin/users/${reader.id}/roles`, { role: 'author' });
    await ok('DELETE', `/api/admin/users/${reader.id}/roles/author`);
    const entries = await entriesFor(reader.id);
    expect(entries.map((entry) => entry.action)).toEqual(['remove_role', 'assign_role']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ user_id: master.id, user_name: 'Mirela Auditoria', target_type: 'user', target_name: 'Lucas Auditado', details: { role: 'author' } });
    }
  });

  it('records a menu item created, edited and deleted, with its label', async () => {
    const created = await ok('POST', '/api/admin/menu', { label: 'Cultura', url: '/cultura', is_active: true, display_order: 9 }, 201);
    const id = String(created.id);
    await ok('PUT', `/api/admin/menu/${id}`, { label: 'Cultura e Lazer', url: '/cultura', is_active: true, display_order: 9 });
    await ok('DELETE', `/api/admin/menu/${id}`, undefined, 204);
    const entries = await entriesFor(id);
    expect(entries.map((entry) => [entry.action, entry.details.label])).toEqual([
      ['delete_menu_item', 'Cultura e Lazer'],
      ['update_menu_item', 'Cultura e Lazer'],
      ['create_menu_item', 'Cultura'],
    ]);
    expect(entries.every((entry) => entry.user_id === master.id && entry.target_type === 'menu_item')).toBe(true);
    // A refused change leaves nothing: the item is gone, so a second delete is a 404 without an entry.
    expect((await portal.request('DELETE', `/api/admin/menu/${id}`, { token: master.token })).status).toBe(404);
    expect(await entriesFor(id)).toHaveLength(3);
  });

  it('records the newsletter: a subscriber added and unsubscribed, a test copy and a send, with its subject', async () => {
    const draft = await ok('POST', '/api/articles', { title: 'Feira do livro abre no sábado', summary: 'A feira volta à praça central.', content: '<p>A feira volta à praça central com 80 editoras, debates e sessões de autógrafos para todas as idades.</p>', tags: [], slug: `aud-${randomUUID().slice(0, 8)}` }, 201);
    await ok('PUT', `/api/articles/${String(draft.id)}`, { status: 'published', base_version: draft.version });
    const added = await ok('POST', '/api/newsletter/subscribers', { email: `aud-${randomUUID().slice(0, 8)}@example.com` }, 201);
    const subscriberId = String((added.subscriber as { id: string }).id);
    const subject = `Auditoria ${randomUUID().slice(0, 6)}`;
    const edition = { subject, intro: 'As notícias da semana.', article_ids: [String(draft.id)] };
    await ok('POST', '/api/newsletter/test', edition, 202);
    const sent = await ok('POST', '/api/newsletter/sends', edition, 202);
    const sendId = String((sent.send as { id: string }).id);
    await ok('POST', `/api/newsletter/subscribers/${subscriberId}/unsubscribe`);

    expect((await entriesFor(subscriberId)).map((entry) => entry.action)).toEqual(['unsubscribe_newsletter_subscriber', 'add_newsletter_subscriber']);
    const [send] = await entriesFor(sendId);
    expect(send).toMatchObject({ action: 'send_newsletter', user_id: master.id, target_type: 'newsletter_send', details: { subject } });
    const page = (await ok('GET', '/api/admin/audit')).items as Entry[];
    expect(page.filter((entry) => entry.action === 'send_newsletter_test' && entry.details.subject === subject)).toHaveLength(1);
    // An address is personal data: the log keeps the subscriber's id only.
    expect(JSON.stringify(page)).not.toContain('@example.com');
  });

  it('records the analytics settings saved, without the key', async () => {
    const keyText = readFileSync(path.join(dataDir, 'google-service-account.json'), 'utf8');
    await ok('PUT', '/api/analytics-settings', { serviceKey: keyText, propertyId: '412345678', networkCode: '21801234567' });
    const [entry] = await entriesFor('google');
    expect(entry).toMatchObject({
      action: 'save_analytics_settings',
      user_id: master.id,
      target_type: 'analytics_settings',
      details: { propertyId: '412345678', networkCode: '21801234567', newKey: true },
    });
    expect(JSON.stringify(entry)).not.toContain('PRIVATE KEY');
  });

  it('records an import started, with its file', async () => {
    const { rows } = sampleRows(2, 0, 31);
    const prefixed = rows.map((row) => ({ ...row, record_id: `aud-${row.record_id}`, 'URL Slug': `aud-${row['URL Slug']}`, Author: IMPORTED_AUTHOR }));
    const body = Buffer.from([csvLine(SAMPLE_COLUMNS, ','), ...prefixed.map((row) => csvLine(SAMPLE_COLUMNS.map((column) => row[column]), ','))].join('\n') + '\n');
    const ticket = (await ok('POST', '/api/imports/uploads', { file_name: 'arquivo-auditado.csv', size: body.length })) as unknown as UploadTicket;
    const parts = [];
    for (const part of ticket.parts) {
      const put = await fetch(part.url, { method: 'PUT', body: body.subarray((part.part_number - 1) * ticket.part_size, part.part_number * ticket.part_size) });
      expect(put.status).toBe(200);
      parts.push({ part_number: part.part_number, etag: put.headers.get('etag')! });
    }
    const preview = (await ok('POST', '/api/imports/uploads/complete', { key: ticket.key, upload_id: ticket.upload_id, parts })) as unknown as ImportPreview;
    const session = await ok('POST', '/api/imports', { key: preview.key }, 201);
    const [entry] = await entriesFor(String(session.id));
    expect(entry).toMatchObject({ action: 'start_import', user_id: master.id, target_type: 'import', details: { file_name: 'arquivo-auditado.csv', total_records: 2 } });
    // Let it finish here rather than under another file's tests.
    await eventually(async () => ((await ok('GET', `/api/imports/${String(session.id)}`)).status === 'running' ? undefined : true), 60_000);
  });
});

describe('an author profile an import made (no account)', () => {
  it('is listed as such in Usuários and cannot be given a role', async () => {
    const users = await ok('GET', `/api/admin/users?q=${encodeURIComponent(IMPORTED_AUTHOR)}`);
    const [profile] = users.items as { id: string; full_name: string; roles: string[]; has_account: boolean }[];
    expect(profile).toMatchObject({ full_name: IMPORTED_AUTHOR, roles: [], has_account: false });
    const refused = await portal.request('POST', `/api/admin/users/${profile!.id}/roles`, { token: master.token, body: { role: 'author' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este perfil foi criado pela importação e não tem conta: não pode receber papéis.');
    expect((await entriesFor(profile!.id)).filter((entry) => entry.action === 'assign_role')).toEqual([]);
    // Someone who signed up has an account.
    const reader = ((await ok('GET', '/api/admin/users?q=Lucas%20Auditado')).items as { has_account: boolean }[])[0];
    expect(reader?.has_account).toBe(true);
  });
});
