import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/sequencer';

// Unit and infra files share one module graph per worker (isolate: false): importing the lambdas (or
// aws-cdk-lib) afresh for each file was most of their run (unit: import 70 s, tests 28 s; 67 s of wall
// time against 18 s shared). A file that mocks modules, stubs globals, spies, fakes timers or sets the
// environment gets a fresh graph of its own (the '-isolated' projects), so nothing it changes reaches
// another file.
const CHANGES_SHARED_STATE = /vi\.(mock|doMock|stub\w*|spyOn|useFakeTimers)\(|process\.env/;
function isolatedIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${dir}/${name}`)
    .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')));
}
const UNIT_ISOLATED = isolatedIn('tests/unit');
const INFRA_ISOLATED = isolatedIn('tests/infra');

export default defineConfig({
  test: {
    // Two side by side (integration files each on their worker's runtime, tests/support/worker-runtime.ts),
    // so integration no longer waits for the unit and infra files to end. Not three: beside the e2e suite
    // on two cores, a third runtime made every stage slower (796 s against 606–667 s with one). Vitest's
    // default is one worker fewer than the cores: one, here.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: UNIT_ISOLATED, isolate: false, environment: 'node' } },
      { test: { name: 'unit-isolated', include: UNIT_ISOLATED, environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/failure-drill.test.ts'],
          // One runtime per worker: a runtime serves one file at a time, so the empty-system checks hold.
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The failure drill breaks a stand-in (SES) and shortens its queue's retries: a runtime of its own,
        // beside the integration ones, so no other file meets the outage.
        test: {
          name: 'drill',
          include: ['tests/integration/failure-drill.test.ts'],
          globalSetup: ['tests/integration/drill-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // Reads web/dist: `npm test` builds first; alone, run `npm run build` before it.
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], exclude: INFRA_ISOLATED, isolate: false, testTimeout: 120_000, hookTimeout: 120_000 } },
      { test: { name: 'infra-isolated', include: INFRA_ISOLATED, testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
