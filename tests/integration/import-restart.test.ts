// An import survives its runtime's death: the runtime is SIGKILLed mid-import and started again on the
// same data, and the session ends with every good row published once. Its own runtime (it kills it),
// in a file of its own so it runs beside the other import tests (tests/integration/imports.test.ts).
// The runtime writes one chunk at a time (PORTAL_LOCAL_CONCURRENCY), so the kill lands with some chunks
// done and others not on a fast machine and a loaded one alike; the waits are for states, not times.
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportSession } from '../../shared/imports';
import { eventually } from '../support/api';
import { CheckedPortal, member } from '../support/cast';
import { csvOf, finished, importFile, rowsOf } from '../support/imports';
import { startRuntime, type TestRuntime } from '../support/runtime';
import { PortalTable } from '../support/table';

const ROWS = 600;
const env = { IMPORT_STALL_SECONDS: '10', PORTAL_LOCAL_CONCURRENCY: 'import-batch=1' };

describe('a runtime killed mid-import', () => {
  let own: TestRuntime;
  afterAll(() => own?.stop());

  it('finishes the session, every good row once, after a restart on the same data', async () => {
    own = await startRuntime({ empty: true, env });
    const ownPortal = new CheckedPortal(own.baseUrl);
    const ownTable = new PortalTable(own.ports.dynamodb);
    const editorB = await member(ownPortal, ownTable, 'editor-kill', 'Eva Reinício', { roles: ['editor'] });
    const { rows, broken } = rowsOf(ROWS, 'kill', 11, 3);
    const session = await importFile(ownPortal, editorB, csvOf(rows));
    const atKill = await eventually(async () => {
      const now = (
        await ownPortal.request('GET', `/api/imports/${session.id}`, {
          token: editorB.token,
        })
      ).body as unknown as ImportSession;
      return now.successful_records > 0 ? now : undefined;
    }, 240_000);
    await own.kill();
    // Killed midway: some rows written, not all.
    expect(atKill.status).toBe('running');
    expect(atKill.successful_records + atKill.failed_records).toBeLessThan(ROWS);
    own = await startRuntime({
      empty: true,
      resume: { dataDir: own.dataDir, base: own.ports.gateway },
      env,
    });
    const done = await finished(ownPortal, editorB, session.id, 240_000);
    expect(done).toMatchObject({
      status: 'completed',
      total_records: ROWS,
      successful_records: ROWS - broken.size,
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
      published: ROWS - broken.size,
    });
  }, 600_000);
});
