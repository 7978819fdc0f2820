import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/app-process';

// Whole server processes from the production build (npm test builds before the system tests).
const ROOT = path.resolve(import.meta.dirname, '../..');
const COMPILED_SERVER = path.join(ROOT, process.env.WEB_DIST_DIR || 'dist', 'server', 'main.js');

/** The server as `npm start` runs it (production, embedded database), on its own port. */
function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      INSTANCE_NAME: 'one',
      SHUTDOWN_SECONDS: '5',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => (text += String(d)));
  child.stderr!.on('data', (d) => (text += String(d)));
  return { child, output: () => text };
}

async function waitReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${output()}`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    if (Date.now() > deadline) throw new Error(`no answer within 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('one embedded database per process, and a graceful stop', () => {
  let dataDir: string;
  let server: ReturnType<typeof startServer>;
  let port: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-lifecycle-'));
    port = await freePort();
    server = startServer(dataDir, port);
    await waitReady(`http://127.0.0.1:${port}/readyz`, server.child, server.output);
  }, 90_000);
  afterAll(() => {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, saying which process holds it', async () => {
    const second = spawnSync(process.execPath, [COMPILED_SERVER], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is in use by process ${server.child.pid}`);
    expect(second.stderr).toContain('PGlite is single-process');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  }, 40_000);

  it('on SIGTERM finishes the request in flight, then exits 0 and releases the lock', async () => {
    // A sign-in whose body is still arriving when the signal lands.
    const body = JSON.stringify({ username: 'nobody', password: 'not-a-password' });
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('SIGTERM received: draining');
    // New connections are refused at once, so a proxy would try another instance.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    socket.write(body.slice(10));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/connection: close/i);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('Stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  }, 30_000);
});
