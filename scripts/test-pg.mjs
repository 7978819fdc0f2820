#!/usr/bin/env node
// `npm run test:pg`: the API suite against a real PostgreSQL server. Uses TEST_DATABASE_URL when
// given; otherwise starts a throwaway cluster from the PostgreSQL binaries on the machine.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function runSuite(url) {
  const report = 'test-results/api-postgresql.json';
  fs.mkdirSync('test-results', { recursive: true });
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  if (fs.existsSync(report)) {
    const { numPassedTests = 0, numFailedTests = 0 } = JSON.parse(fs.readFileSync(report, 'utf8'));
    console.log(`\nPostgreSQL: ${numPassedTests} passed, ${numFailedTests} failed`);
  }
  return r.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(runSuite(process.env.TEST_DATABASE_URL));

const binDir = process.env.PG_BIN || ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((d) => fs.existsSync(path.join(d, 'initdb')));
if (!binDir) {
  console.error('No PostgreSQL server binaries found: install them with `sudo apt-get install -y postgresql`, set PG_BIN, or set TEST_DATABASE_URL.');
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-pg-'));
const dataDir = path.join(dir, 'data');
const isRoot = process.getuid?.() === 0;
// initdb refuses to run as root: run the cluster as the postgres user then.
const asPg = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
if (isRoot) {
  fs.chmodSync(dir, 0o777);
}
const exec = (cmd, args) => {
  const [c, a] = asPg(cmd, args);
  execFileSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
};

let status = 1;
try {
  exec(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  exec(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`, 'start']);
  console.log(`Started a throwaway PostgreSQL server (${binDir}) on port ${port}`);
  status = runSuite(`postgres://postgres@127.0.0.1:${port}/postgres`);
} catch (err) {
  console.error('Could not start the throwaway PostgreSQL server:', err.message);
  if (fs.existsSync(path.join(dir, 'server.log'))) console.error(fs.readFileSync(path.join(dir, 'server.log'), 'utf8'));
} finally {
  try {
    exec(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {
    /* already stopped */
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
