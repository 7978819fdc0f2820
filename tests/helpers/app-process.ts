import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { TIME_BUDGET } from '../time-budget';

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

export type AppProcess = {
  baseUrl: string;
  port: number;
  /** The DATA_DIR every start of this instance uses (embedded database, photos). */
  dataDir: string;
  /** What the instance has printed so far, over every start (stdout and stderr). */
  output(): string;
  /** How many times the instance has been started. */
  starts(): number;
  /** The running server's process id (for a benchmark's CPU figures); undefined once it ended. */
  pid(): number | undefined;
  /** Ends the process the hard way (SIGKILL: no shutdown hook runs) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, DATA_DIR and DATABASE_URL, and waits for /healthz. */
  restart(): Promise<void>;
  /** A clean shutdown (SIGTERM, killed after 10 s); the data directory is kept. */
  stop(): Promise<void>;
  /** stop(), then removes the data directory. */
  dispose(): Promise<void>;
};

/**
 * One app instance as its own process, from the production build as `npm start` runs it (like
 * `startBuiltApp`), that a test can kill with SIGKILL and start again on the same data: the
 * crash-safety tests. Without `DATABASE_URL` in `env` it runs on the embedded database in DATA_DIR.
 */
export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  // A test that builds into a folder of its own runs that build's server too, not only its files.
  const dist = path.resolve(ROOT, env.WEB_DIST_DIR || process.env.WEB_DIST_DIR || 'dist');
  if (!fs.existsSync(path.join(dist, 'client/index.html')) || !fs.existsSync(path.join(dist, 'server/main.js'))) {
    throw new Error(
      `The app is not built (${dist} has no client/index.html or server/main.js): run \`npm run build\` first (npm test does).`,
    );
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-instance-'));
  const baseUrl = `http://localhost:${port}`;
  const logs: string[] = [];
  let server: ChildProcess | undefined;
  let count = 0;

  const launch = async () => {
    count++;
    logs.push(`\n--- start ${count} ---\n`);
    const child = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
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
        // Required in production with DATABASE_URL (docs/decisions/401-secrets-at-rest.md).
        SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stdout?.on('data', (d) => logs.push(String(d)));
    child.stderr?.on('data', (d) => logs.push(String(d)));
    const deadline = Date.now() + TIME_BUDGET.serverStartMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The app exited during start-up:\n${logs.join('')}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline)
        throw new Error(
          `The app did not answer /healthz within ${TIME_BUDGET.serverStartMs / 1000} s:\n${logs.join('')}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const running = () => server !== undefined && server.exitCode === null && server.signalCode === null;
  const end = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (!server || !running()) return;
    const exited = once(server, 'exit');
    server.kill(signal);
    // A clean shutdown closes the database first; one that hangs is killed.
    const killer = signal === 'SIGTERM' ? setTimeout(() => server?.kill('SIGKILL'), 10_000) : undefined;
    await exited;
    clearTimeout(killer);
  };

  await launch();
  const instance: AppProcess = {
    baseUrl,
    port,
    dataDir,
    output: () => logs.join(''),
    starts: () => count,
    pid: () => (running() ? server?.pid : undefined),
    kill: () => end('SIGKILL'),
    async restart() {
      if (running()) throw new Error('The instance is still running: kill() or stop() it first.');
      await launch();
    },
    stop: () => end('SIGTERM'),
    async dispose() {
      await instance.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}
