import type { TestProject } from 'vitest/node';
import { startBuiltApp, type BuiltApp } from './built-app';
import { E2E_CLOCK_START } from './e2e-calendar';

/** One built server of the browser suite: its address and the real time (ms) it was launched. */
export type E2eServer = { baseUrl: string; launchedAtMs: number; dataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (VITEST_POOL_ID 1..n): e2eServer() in browser.ts picks the worker's own. */
    e2eServers: E2eServer[];
  }
}

// Its password meets the one password rule, or the server would refuse to start (docs/decisions/394-one-password-rule.md).
export const E2E_ADMIN = { username: 'owner', password: 'tyre-van-keys-4417' };

/**
 * One built app per worker of the browser suite, each with the first admin, the simulated card
 * provider and its clock started at E2E_CLOCK_START. The files of one worker share its server one
 * at a time, so each file still books its own days (e2e-calendar.ts); two workers never share one
 * (docs/decisions/265-parallel-test-steps.md).
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      startBuiltApp(
        {
          ADMIN_USERNAME: E2E_ADMIN.username,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          PAYMENTS_SIMULATED: 'true',
          HOLD_MINUTES: '30',
          // Every browser test books from 127.0.0.1; the limit itself is covered by the API tests.
          BOOKINGS_PER_ADDRESS: '1000',
          HOLDS_PER_ADDRESS: '1000',
        },
        { clockStart: E2E_CLOCK_START },
      ),
    ),
  );
  const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(apps.map((app: BuiltApp) => app.stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eServers',
    apps.map(({ baseUrl, launchedAtMs, dataDir }) => ({ baseUrl, launchedAtMs, dataDir })),
  );
  return stopAll;
}
