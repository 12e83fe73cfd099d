// The privacy context's wiring and rules: every deletion step has its erase worker and its part of the
// export, the request's changes map to the right events, and a ready export shows as expired once its
// file's time is over.
import { describe, expect, it } from 'vitest';
import { CONTEXTS } from '../../lambdas/contexts';
import { DELETION_STEPS, ERASING_CONTEXTS, FIRST_PHASE_CONTEXT } from '../../lambdas/privacy/erasure';
import { privacyEvents } from '../../lambdas/privacy/events';
import { publicRequest, requestItem, type RequestRecord } from '../../lambdas/privacy/items';
import { PERSONAL_DATA } from '../../lambdas/privacy/ports';

const consumersOf = (event: string) =>
  CONTEXTS.filter((context) => context.workers.some((worker) => worker.pattern['detail-type'].includes(event))).map((context) => context.name);

const request = (overrides: Partial<RequestRecord> = {}): RequestRecord => ({
  id: '0193a000-0000-7000-8000-000000000001',
  kind: 'deletion',
  status: 'pending',
  user_id: 'u-1',
  email: 'ana@exemplo.com.br',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  completed_at: null,
  file_key: null,
  file_bytes: null,
  download_until: null,
  steps: {},
  steps_total: DELETION_STEPS.length,
  error: null,
  ...overrides,
});

describe('the deletion of an account', () => {
  it('is handled first by payments alone, then by every erasing context, each with its erase worker', () => {
    expect(consumersOf('AccountDeletionRequested')).toEqual([FIRST_PHASE_CONTEXT]);
    expect(consumersOf('AccountErasureStarted').sort()).toEqual([...ERASING_CONTEXTS].sort());
    for (const context of CONTEXTS) for (const worker of context.workers.filter((w) => w.name.endsWith('-erase'))) expect(worker.file).toBe('erase-worker');
  });

  it('exports the part of every context that erases, once each', () => {
    const names = PERSONAL_DATA.map((port) => port.context);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...DELETION_STEPS].sort());
  });
});

describe('privacy events', () => {
  const image = (record: RequestRecord) => requestItem(record);

  it('come from a request’s insert and its status changes, carrying ids only', () => {
    expect(privacyEvents({ eventName: 'INSERT', newImage: image(request({ kind: 'export' })) })).toEqual([
      { name: 'DataExportRequested', source: 'portal.privacy', detail: { request_id: request().id, user_id: 'u-1' } },
    ]);
    expect(privacyEvents({ eventName: 'INSERT', newImage: image(request()) }).map((event) => event.name)).toEqual(['AccountDeletionRequested']);
    const erasing = request({ status: 'erasing' });
    expect(privacyEvents({ eventName: 'MODIFY', oldImage: image(request()), newImage: image(erasing) }).map((event) => event.name)).toEqual(['AccountErasureStarted']);
    // A step recorded while erasing is not a new phase.
    expect(privacyEvents({ eventName: 'MODIFY', oldImage: image(erasing), newImage: image({ ...erasing, steps: { users: { at: 'x', removed: {} } } }) })).toEqual([]);
    const done = privacyEvents({ eventName: 'MODIFY', oldImage: image(erasing), newImage: image(request({ status: 'completed', user_id: null, email: null })) });
    expect(done).toEqual([{ name: 'AccountDeleted', source: 'portal.privacy', detail: { request_id: request().id } }]);
    // An export becoming ready is no event.
    expect(privacyEvents({ eventName: 'MODIFY', oldImage: image(request({ kind: 'export' })), newImage: image(request({ kind: 'export', status: 'ready' })) })).toEqual([]);
  });

  it('index a completed deletion for the masters only, with nothing leading from the person to it', () => {
    const item = requestItem(request({ status: 'completed', user_id: null, email: null }));
    expect(item).toMatchObject({ gsi1pk: 'DATAREQS' });
    expect(item).not.toHaveProperty('gsi2pk');
  });
});

describe('a ready export', () => {
  it('shows as expired once its file’s time is over, and never shows its key', () => {
    const ready = request({ kind: 'export', status: 'ready', file_key: 'privacy/exports/u-1/x.json', download_until: '2026-12-04T10:00:00.000Z' });
    expect(publicRequest(ready, new Date('2026-12-01T00:00:00Z')).status).toBe('ready');
    expect(publicRequest(ready, new Date('2026-12-05T00:00:00Z')).status).toBe('expired');
    expect(JSON.stringify(publicRequest(ready))).not.toContain('privacy/exports');
  });
});
