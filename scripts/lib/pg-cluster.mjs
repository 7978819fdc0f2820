// PostgreSQL servers from the machine's binaries: a throwaway one (test:pg, the benchmarks) and a
// kept one with its data in a named folder (npm run cluster).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { makeScratchDir } from './scratch.mjs';

export function findPgBinDir() {
  return (
    process.env.PG_BIN ||
    ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((d) =>
      fs.existsSync(path.join(d, 'initdb')),
    )
  );
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

/**
 * Starts a cluster in a scratch folder (in memory where the machine allows, scratch.mjs) and
 * returns its URL and a stop function that removes it.
 * initdb refuses to run as root, so as root the cluster runs as the postgres user.
 */
export async function startPgCluster() {
  const binDir = findPgBinDir();
  if (!binDir)
    throw new Error(
      'No PostgreSQL server binaries found: install them with `sudo apt-get install -y postgresql`, or set PG_BIN.',
    );
  const port = await freePort();
  const dir = makeScratchDir('tyres-pg-');
  const dataDir = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) fs.chmodSync(dir, 0o777);
  const exec = (cmd, args) => {
    const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const stop = () => {
    try {
      exec(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    exec(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    exec(path.join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
      'start',
    ]);
  } catch (err) {
    const log = path.join(dir, 'server.log');
    const detail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    stop();
    throw new Error(`Could not start the throwaway PostgreSQL server: ${err.message}\n${detail}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, binDir, stop };
}

/**
 * A PostgreSQL server whose data lives in `dir` (kept between runs, fsync on), for `npm run cluster`.
 * The first start makes the cluster and the database `tyres`; later starts reuse both. Returns the
 * URL of `tyres` and a stop function (a fast shutdown: sessions are ended, data is kept).
 * @param {{ dir: string, port?: number, log?: (line: string) => void }} opts
 */
export async function startPgServer({ dir, port, log = () => {} }) {
  const binDir = findPgBinDir();
  if (!binDir)
    throw new Error(
      'No PostgreSQL server binaries found: install them with `sudo apt-get install -y postgresql`, or set PG_BIN.',
    );
  const isRoot = process.getuid?.() === 0;
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  fs.mkdirSync(dir, { recursive: true });
  // As root the server runs as the postgres user, which must own its folder (and its socket directory).
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (cmd, args) => {
    const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    run(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    log(`Created a PostgreSQL cluster in ${dataDir}`);
  }
  const serverPort = port || (await freePort());
  try {
    // A server left running by a run that was killed is stopped first; a stale postmaster.pid is handled by pg_ctl.
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      try {
        run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* not running */
      }
    }
    run(path.join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-o',
      `-p ${serverPort} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    if (fresh)
      run(path.join(binDir, 'createdb'), ['-h', '127.0.0.1', '-p', String(serverPort), '-U', 'postgres', 'tyres']);
  } catch (err) {
    const detail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
    throw new Error(`Could not start PostgreSQL in ${dataDir}: ${err.stderr ?? err.message}\n${detail}`);
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${serverPort}/tyres`,
    port: serverPort,
    binDir,
    dataDir,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
}
