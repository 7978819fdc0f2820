import { startAppProcess } from './app-process';

export type BuiltApp = {
  baseUrl: string;
  dataDir: string;
  /** The real time (ms) the server was launched at: its clock reads `clockStart` then. */
  launchedAtMs: number;
  /** What the server has printed so far (stdout and stderr). */
  output(): string;
  /** The server's process id while it runs. */
  pid(): number | undefined;
  /** Stops the server (SIGTERM) and removes its data directory. */
  stop(): Promise<void>;
};

/**
 * Starts the built app as `npm start` would (production mode, embedded database) on a free port
 * with a fresh data directory, and waits for /healthz. Used by the browser tests and the benchmarks.
 *
 * With `clockStart` the server's clock starts at that instant (TEST_CLOCK_START). Production refuses
 * that setting, so such a server runs with NODE_ENV=test: the same built assets and headers except
 * HSTS, the test password cost, and no hold sweep (decision 181).
 */
export async function startBuiltApp(
  env: Record<string, string> = {},
  opts: { clockStart?: string } = {},
): Promise<BuiltApp> {
  const launchedAtMs = Date.now();
  const app = await startAppProcess({
    ...(opts.clockStart ? { NODE_ENV: 'test', TEST_CLOCK_START: opts.clockStart } : {}),
    ...env,
  });
  return {
    baseUrl: app.baseUrl,
    dataDir: app.dataDir,
    launchedAtMs,
    output: app.output,
    pid: app.pid,
    stop: app.dispose,
  };
}
