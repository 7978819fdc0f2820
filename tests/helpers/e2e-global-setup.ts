import type { TestProject } from 'vitest/node';
import { startBuiltApp } from './built-app';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDataDir: string;
  }
}

export const E2E_ADMIN = { username: 'owner', password: 'owner-pass-123' };

/** One built app for the whole browser suite, with the first admin and the simulated card provider. */
export default async function setup(project: TestProject) {
  const app = await startBuiltApp({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PAYMENTS_SIMULATED: 'true',
    HOLD_MINUTES: '30',
    // Every browser test books from 127.0.0.1; the limit itself is covered by the API tests.
    BOOKINGS_PER_ADDRESS: '1000',
  });
  project.provide('baseUrl', app.baseUrl);
  project.provide('e2eDataDir', app.dataDir);
  return () => app.stop();
}
