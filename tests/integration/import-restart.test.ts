// An import survives its runtime's death: the runtime is SIGKILLed mid-import and started again on the
// same data, and the session ends with every good row published once. Its own runtime (it kills it),
// in a file of its own so it runs beside the other import tests (tests/integration/imports.test.ts).
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportSession } from '../../shared/imports';
import { eventually } from '../support/api';
import { CheckedPortal, member } from '../support/cast';
import { csvOf, finished, importFile, rowsOf } from '../support/imports';
import { startRuntime, type TestRuntime } from '../support/runtime';
import { PortalTable } from '../support/table';

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
