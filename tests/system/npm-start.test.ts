import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/app-process';

/**
 * `npm start` as a shell, systemd or a container runs it: a SIGTERM to the npm process stops the
 * server too, cleanly, and frees its port (docs/decisions/339-production-runs-the-compiled-server.md).
 * `--ignore-scripts` skips the build that `prestart` runs before every start (npm test has built
 * already, and rebuilding here would pull the bundle from under the other system tests).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-npm-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  it('serves the compiled server, and a SIGTERM to npm stops the server cleanly and frees the port', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        PUBLIC_BASE_URL: `http://localhost:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout!.on('data', (d) => (output += String(d)));
    npm.stderr!.on('data', (d) => (output += String(d)));
    const exited = once(npm, 'exit');
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
          timeout: 90_000,
          interval: 250,
        })
        .toBe(200);
      // The server's own log lines carry its process id: the process npm started, or what that started.
      const serverPid = Number(/"pid":(\d+)/.exec(output)?.[1]);
      expect(serverPid).toBeGreaterThan(0);
      // Production runs the compiled JavaScript, not TypeScript through tsx.
      expect(fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0')).toContain('dist/server/main.js');

      npm.kill('SIGTERM');
      await exited;
      await expect.poll(() => alive(serverPid), { timeout: 15_000, interval: 100 }).toBe(false);
      expect(await portTaken(port)).toBe(false);
      expect(output).toContain('SIGTERM received');
      expect(output).toContain('Stopped cleanly');
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      for (const pid of [...output.matchAll(/"pid":(\d+)/g)].map((m) => Number(m[1])))
        if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 120_000);
});
