import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite is single-threaded and memory hungry; two workers match the two cores we have.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['web/**/*.test.ts'], environment: 'node' } },
      // The compiled server started as in production (npm start): runs only when dist/ is built.
      { test: { name: 'runtime', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 90_000 } },
    ],
  },
});
