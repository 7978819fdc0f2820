import type { TestProject } from 'vitest/node';
import { startBuiltApp } from './built-app';
import { E2E_CLOCK_START } from './e2e-calendar';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDataDir: string;
    /** Real time (ms) the server was launched: its clock read E2E_CLOCK_START then. */
    e2eLaunchedAtMs: number;
  }
}

export const E2E_ADMIN = { username: 'owner', password: 'owner-pass-123' };

/**
 * One built app for the whole browser suite, with the first admin, the simulated card provider and
 * its clock started at E2E_CLOCK_START (each test file books its own days: e2e-calendar.ts).
 */
export default async function setup(project: TestProject) {
  const app = await startBuiltApp({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PAYMENTS_SIMULATED: 'true',
    HOLD_MINUTES: '30',
    // Every browser test books from 127.0.0.1; the limit itself is covered by the API tests.
    BOOKINGS_PER_ADDRESS: '1000',
    HOLDS_PER_ADDRESS: '1000',
  }, { clockStart: E2E_CLOCK_START });
  project.provide('baseUrl', app.baseUrl);
  project.provide('e2eLaunchedAtMs', app.launchedAtMs);
  project.provide('e2eDataDir', app.dataDir);
  return () => app.stop();
}
