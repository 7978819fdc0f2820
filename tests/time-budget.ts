/**
 * How long any test, hook or wait may take: one budget for the whole suite, set for a busy 2-core
 * machine (load average near 8, where a test gets about a fifth of a quiet machine's CPU), so a
 * limit ends only a test that hangs, never one that is slow because the machine is busy
 * (docs/decisions/391-check-loop-budget.md). Tests wait on events (a row written, a text shown);
 * these limits are only how long such a wait may last before it counts as never.
 */
export const TIME_BUDGET = {
  /** A unit test: pure code, no database. */
  unitTestMs: 60_000,
  /** An API test or hook: an app on its own database, requests through it. */
  apiTestMs: 180_000,
  /** A browser test or hook: pages of a built server in Chromium. */
  browserTestMs: 180_000,
  /** A system test or hook: whole processes, PostgreSQL servers and nginx. */
  systemTestMs: 300_000,
  /** A server process's start, from spawn to its first /healthz answer (migrations on a fresh database included). */
  serverStartMs: 180_000,
  /** A wait for something a background pass or another process does (waitFor, expect.poll). */
  waitMs: 60_000,
  /** A browser test's wait for a page to show something (expect.poll in the browser tests). */
  pageWaitMs: 20_000,
} as const;
