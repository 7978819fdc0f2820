import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type BuiltApp = {
  baseUrl: string;
  dataDir: string;
  /** The real time (ms) the server was launched at: its clock reads `clockStart` then. */
  launchedAtMs: number;
  /** What the server has printed so far (stdout and stderr). */
  output(): string;
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
export async function startBuiltApp(env: Record<string, string> = {}, opts: { clockStart?: string } = {}): Promise<BuiltApp> {
  const dist = path.resolve(ROOT, process.env.WEB_DIST_DIR || 'dist');
  if (!fs.existsSync(path.join(dist, 'client/index.html'))) {
    throw new Error(`The app is not built (${dist} has no client/index.html): run \`npm run build\` first (npm test does).`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-app-'));
  const baseUrl = `http://localhost:${port}`;
  const launchedAtMs = Date.now();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...(opts.clockStart ? { NODE_ENV: 'test', TEST_CLOCK_START: opts.clockStart } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  server.stdout?.on('data', (d) => logs.push(String(d)));
  server.stderr?.on('data', (d) => logs.push(String(d)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The app exited during start-up:\n${logs.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The app did not answer /healthz within 60 s:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    launchedAtMs,
    output: () => logs.join(''),
    async stop() {
      if (server.exitCode === null) {
        const exited = once(server, 'exit');
        server.kill('SIGTERM');
        // A clean shutdown closes the database first; one that hangs is killed.
        const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
