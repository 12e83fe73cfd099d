// The import's pure parts: its events from item changes, the progress the page shows, the error log's
// CSV, the ids derived from record_ids, and the one purge path after an import.
import { describe, expect, it } from 'vitest';
import { importEvents } from '../../lambdas/imports/events';
import { CHUNK_ENTITY, SESSION_ENTITY } from '../../lambdas/imports/items';
import { purgePaths } from '../../lambdas/pages/purge-paths';
import { nameBasedId } from '../../lambdas/platform/ids';
import { errorLogCsv, progressOf } from '../../shared/imports';

const session = { entity: SESSION_ENTITY, id: 's1', status: 'running', parse_requested_at: '2026-11-26T10:00:00.000Z', successful_records: 0, failed_records: 0 };
const chunk = { entity: CHUNK_ENTITY, session_id: 's1', number: 3, queued_at: '2026-11-26T10:00:01.000Z' };
const names = (events: ReturnType<typeof importEvents>) => events.map((event) => event.name);

describe('import events', () => {
  it('asks for the parse when a session is inserted, and again only when parse_requested_at moves', () => {
    expect(names(importEvents({ eventName: 'INSERT', newImage: session }))).toEqual(['ImportRequested']);
    expect(names(importEvents({ eventName: 'MODIFY', oldImage: session, newImage: { ...session, parsed_records: 500 } }))).toEqual([]);
    expect(names(importEvents({ eventName: 'MODIFY', oldImage: session, newImage: { ...session, parse_requested_at: '2026-11-26T10:05:00.000Z' } }))).toEqual([
      'ImportRequested',
    ]);
  });

  it('queues a chunk when inserted or queued again, never once it is done', () => {
    expect(importEvents({ eventName: 'INSERT', newImage: chunk })[0]).toMatchObject({ name: 'ImportChunkQueued', detail: { session_id: 's1', chunk: 3 } });
    expect(names(importEvents({ eventName: 'MODIFY', oldImage: chunk, newImage: { ...chunk, deltas: {} } }))).toEqual([]);
    expect(names(importEvents({ eventName: 'MODIFY', oldImage: chunk, newImage: { ...chunk, queued_at: '2026-11-26T10:09:00.000Z' } }))).toEqual(['ImportChunkQueued']);
    const done = { ...chunk, done_at: '2026-11-26T10:00:09.000Z' };
    expect(names(importEvents({ eventName: 'MODIFY', oldImage: done, newImage: { ...done, queued_at: '2026-11-26T10:09:00.000Z' } }))).toEqual([]);
  });

  it('announces the completion once', () => {
    const completed = { ...session, status: 'completed', successful_records: 98, failed_records: 2, completed_at: '2026-11-26T10:01:00.000Z' };
    expect(importEvents({ eventName: 'MODIFY', oldImage: session, newImage: completed })[0]).toMatchObject({
      name: 'ImportCompleted',
      detail: { session_id: 's1', successful_records: 98, failed_records: 2 },
    });
    expect(names(importEvents({ eventName: 'MODIFY', oldImage: completed, newImage: { ...completed, updated_at: 'x' } }))).toEqual([]);
  });
});

describe('progress', () => {
  const started_at = '2026-11-26T10:00:00.000Z';
  it('gives rows per second since the start and the time left at that rate', () => {
    const now = new Date('2026-11-26T10:00:20.000Z');
    expect(progressOf({ successful_records: 900, failed_records: 100, total_records: 5000, started_at, completed_at: null }, now)).toEqual({
      rows_per_second: 50,
      seconds_left: 80,
    });
  });
  it('has no estimate before the first row, and none left once completed', () => {
    expect(progressOf({ successful_records: 0, failed_records: 0, total_records: 5000, started_at, completed_at: null }, new Date(started_at)).seconds_left).toBeNull();
    expect(
      progressOf({ successful_records: 4990, failed_records: 10, total_records: 5000, started_at, completed_at: '2026-11-26T10:01:40.000Z' }, new Date('2026-11-27T00:00:00.000Z')),
    ).toEqual({ rows_per_second: 50, seconds_left: 0 });
  });
});

it('writes the error log as record_id,error with RFC 4180 quoting', () => {
  expect(errorLogCsv([{ record_id: '7', error: 'Título muito longo' }, { record_id: 'a,"b"', error: 'Slug já em uso; publicado como x-1' }])).toBe(
    'record_id,error\r\n7,Título muito longo\r\n"a,""b""","Slug já em uso; publicado como x-1"\r\n',
  );
});

it('derives the same UUID from the same record_id, another from another, in its own namespace', () => {
  const id = nameBasedId('import', '100001');
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(nameBasedId('import', '100001')).toBe(id);
  expect(nameBasedId('import', '100002')).not.toBe(id);
  expect(nameBasedId('import-author', '100001')).not.toBe(id);
});

it('purges every page with one path after an import that published something', async () => {
  const none = async () => [];
  expect(await purgePaths({ name: 'ImportCompleted', detail: { successful_records: 3 } }, none)).toEqual(['/*']);
  expect(await purgePaths({ name: 'ImportCompleted', detail: { successful_records: 0 } }, none)).toEqual([]);
});
