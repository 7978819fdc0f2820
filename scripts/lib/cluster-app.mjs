// One app instance of the cluster: the production build (the compiled dist/server/main.js, as
// `npm start` runs it) as its own process, its output to a log file and to the caller.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts (or restarts) an instance. It runs in its own process group, so a Ctrl-C in the terminal
 * reaches only the cluster script, which stops the instances in order. `appDir` is the folder it
 * runs from (its dist/ and drizzle/), the checkout by default; a releases folder's `current` link
 * runs the release the link names at the start, as the systemd unit does
 * (docs/decisions/405-upgrade-drill.md).
 * @param {{ name: string, port: number, env: Record<string, string>, logFile: string, appDir?: string, onLine?: (name: string, line: string) => void }} opts
 */
export function launchInstance({ name, port, env, logFile, appDir, onLine = () => {} }) {
  const out = fs.createWriteStream(logFile, { flags: 'a' });
  const main = appDir
    ? path.join(appDir, 'dist', 'server', 'main.js')
    : path.join(ROOT, process.env.WEB_DIST_DIR || 'dist', 'server', 'main.js');
  const child = spawn(process.execPath, [main], {
    cwd: appDir ?? ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  let partial = '';
  const take = (chunk) => {
    const s = String(chunk);
    text += s;
    out.write(s);
    const lines = (partial + s).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(name, line);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      out.end();
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    url,
    pid: child.pid,
    exited,
    /** Everything this run of the instance printed. */
    output: () => text,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    /** Resolves when /readyz answers 200 (database reachable, migrations applied). */
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${name} exited during start-up:\n${text}`);
        const res = await fetch(`${url}/readyz`).catch(() => null);
        if (res?.ok) return;
        if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${text}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    /** SIGTERM (a graceful stop, decision 225), then SIGKILL if it has not exited in time. Resolves with the exit. */
    async stop(graceMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
    /** Immediate, for the last-resort clean-up when the cluster script itself dies. */
    killNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
