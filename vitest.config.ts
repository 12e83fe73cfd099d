import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/failure-drill.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One runtime serves every file; files run one after another so the empty-system checks hold.
          fileParallelism: false,
        },
      },
      {
        // The failure drill breaks a stand-in (SES) and shortens its queue's retries: a runtime of its own,
        // beside the shared one, so no other file meets the outage and the suite does not wait for it.
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
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
