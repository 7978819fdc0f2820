import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './errors';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql) from the machine: PG_BIN, else the
 * newest /usr/lib/postgresql/N/bin (Debian's layout; a newer pg_dump reads older servers), else PATH.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return path.join(fromEnv, name);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const dir = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, name)));
  return dir ? path.join(dir, name) : name;
}

/** A connection URL without its password, and the environment that carries it (so it never shows in `ps`). */
export function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

type Run = { stdout: string; stderr: string; code: number | null };

/** Runs a tool to the end; a missing program is a BackupError that says how to install it. */
export function runTool(file: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? missingTool(file) : err));
    child.on('close', (code) => resolve({ stdout, stderr, code }));
  });
}

export function missingTool(file: string): BackupError {
  return new BackupError(
    `${path.basename(file)} was not found (${file}): install PostgreSQL's client programs (Debian: sudo apt-get install -y postgresql-client) or set PG_BIN to the folder that holds them.`,
  );
}

/** The major version a client program reports ("pg_dump (PostgreSQL) 15.18 ..." gives 15). */
export async function toolVersion(file: string): Promise<{ major: number; text: string }> {
  const r = await runTool(file, ['--version']);
  const m = /(\d+)(?:\.(\d+))?/.exec(r.stdout);
  if (r.code !== 0 || !m) throw new BackupError(`${file} --version failed: ${r.stderr.trim() || r.stdout.trim()}`);
  return { major: Number(m[1]), text: r.stdout.trim() };
}
