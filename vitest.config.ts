import { defineConfig } from 'vitest/config';
import { TIME_BUDGET } from './tests/time-budget.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/load/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          testTimeout: TIME_BUDGET.unitTestMs,
          // As the API files below (docs/decisions/384-test-files-share-modules.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // One budget for every limit (tests/time-budget.ts).
          testTimeout: TIME_BUDGET.apiTestMs,
          hookTimeout: TIME_BUDGET.apiTestMs,
          expect: { poll: { timeout: TIME_BUDGET.waitMs } },
          globalSetup: ['tests/helpers/api-global-setup.ts'],
          // Files share a worker's module cache: each still opens its own database and app, and the
          // suite spends a tenth of the time importing (docs/decisions/384-test-files-share-modules.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: TIME_BUDGET.browserTestMs,
          hookTimeout: TIME_BUDGET.browserTestMs,
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          // Two files at a time, each worker on a built server of its own (decision 265), and
          // each worker importing the test code once (docs/decisions/384-test-files-share-modules.md).
          maxWorkers: 2,
          isolate: false,
          // Side by side each file has half the cores: a poll waits longer than the pages' own
          // Playwright timeout (10 s), not Vitest's 1 s, before it calls a slow answer a failure.
          expect: { poll: { timeout: TIME_BUDGET.pageWaitMs } },
        },
      },
      {
        // Whole processes: the cluster behind nginx, crashes, backups (scripts/test-system.mjs).
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          testTimeout: TIME_BUDGET.systemTestMs,
          hookTimeout: TIME_BUDGET.systemTestMs,
          fileParallelism: false,
        },
      },
    ],
  },
});
