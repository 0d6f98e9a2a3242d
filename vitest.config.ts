import { configDefaults, defineConfig } from 'vitest/config';
import { ISOLATED_TEST_FILES } from './server/test/isolated-test-files';

const serverTests = {
  environment: 'node' as const,
  globalSetup: ['server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // PGlite is single-threaded and memory hungry; two workers match the two cores we have.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...serverTests,
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_TEST_FILES],
          // Each file starts the whole application on a database of its own (server/test/harness.ts)
          // and keeps no state in modules, so a worker's files share its modules: importing the
          // application afresh for every file was a third of these tests' time (ADR 0029).
          isolate: false,
        },
      },
      // The files that replace a module (vi.mock) run apart, each on a fresh module graph.
      { test: { ...serverTests, name: 'server-isolated', include: [...ISOLATED_TEST_FILES] } },
      { test: { name: 'web', include: ['web/**/*.test.ts'], environment: 'node' } },
      // The benchmarks' own arithmetic (what they print is only as true as it).
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      // The compiled server started as in production (npm start): runs only when dist/ is built.
      { test: { name: 'runtime', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 90_000 } },
    ],
  },
});
