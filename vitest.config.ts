import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One runtime serves every file; files run one after another so the empty-system checks hold.
          fileParallelism: false,
        },
      },
      // Reads web/dist: `npm test` builds first; alone, run `npm run build` before it.
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
