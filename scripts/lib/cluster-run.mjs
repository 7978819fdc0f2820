// `npm run cluster` as a function: PostgreSQL from the machine's binaries, the S3 stand-in, N app
// instances and nginx in front (decision 226). The system test starts it the same way.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startPgServer } from './pg-cluster.mjs';
import { startS3StandIn } from './s3-stand-in.mjs';
import { startNginx } from './cluster-nginx.mjs';
import { launchInstance } from './cluster-app.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
    s.on('error', reject);
  });

const portIsFree = (port) =>
  new Promise((resolve) => {
    const s = net.createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

function ensureBuilt(log) {
  if (fs.existsSync(path.join(ROOT, 'dist/client/index.html')) && fs.existsSync(path.join(ROOT, 'dist/server/main.js')))
    return;
  log('No production build in dist/: running npm run build');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** One cluster per folder: a second `npm run cluster` on it would stop the first one's database. */
function lockFolder(dir) {
  const file = path.join(dir, 'cluster.pid');
  if (fs.existsSync(file)) {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch (err) {
      alive = err.code === 'EPERM';
    }
    if (alive)
      throw new Error(
        `A cluster (process ${pid}) already runs from ${dir}: stop it first (Ctrl-C there), or use another CLUSTER_DIR.`,
      );
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
  };
}

/**
 * @param {{
 *   dir?: string, port?: number, instances?: number, storage?: 's3' | 'local', appDir?: string,
 *   env?: Record<string, string>, log?: (line: string) => void, onInstanceLine?: (name: string, line: string) => void,
 * }} [opts]
 */
export async function startCluster(opts = {}) {
  const log = opts.log ?? (() => {});
  const dir = path.resolve(opts.dir ?? path.join(ROOT, '.cluster'));
  fs.mkdirSync(dir, { recursive: true });
  // As root, PostgreSQL runs as the postgres user, which must be able to reach its folder in here.
  if (process.getuid?.() === 0) fs.chmodSync(dir, 0o755);
  ensureBuilt(log);
  const unlockFolder = lockFolder(dir);
  const cleanups = [];
  const cleanUp = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((err) => log(`clean-up: ${err.message}`));
    unlockFolder();
  };
  try {
    const port = opts.port === 0 ? await freePort() : (opts.port ?? 5000);
    if (!(await portIsFree(port))) throw new Error(`Port ${port} is taken: set PORT to a free one.`);
    const baseUrl = `http://127.0.0.1:${port}`;

    const pg = await startPgServer({ dir: path.join(dir, 'postgres'), log });
    cleanups.push(async () => pg.stop());
    log(`PostgreSQL ${pg.binDir} on 127.0.0.1:${pg.port} (data in ${pg.dataDir}, kept between runs)`);

    let storageEnv;
    if ((opts.storage ?? 's3') === 's3') {
      const s3 = await startS3StandIn({ directory: path.join(dir, 's3'), log });
      cleanups.push(() => s3.stop());
      storageEnv = s3.env;
    } else {
      storageEnv = { FILE_STORAGE: 'local' };
      log(`Files on local disk shared by every instance: ${path.join(dir, 'files')}`);
    }

    const logsDir = path.join(dir, 'logs');
    fs.mkdirSync(logsDir, { recursive: true });
    const slots = [];
    // One key for every instance: production on a PostgreSQL server refuses to start without it
    // (docs/decisions/401-secrets-at-rest.md), and each instance must read what another sealed.
    const secretsKey = randomBytes(32).toString('base64');
    for (let i = 1; i <= (opts.instances ?? 2); i++) {
      const name = `app-${i}`;
      const env = {
        DATABASE_URL: pg.url,
        TRUST_PROXY: '1',
        PUBLIC_BASE_URL: baseUrl,
        // Local disk storage is shared by all; with S3 nothing else lives on disk.
        DATA_DIR: storageEnv.FILE_STORAGE === 'local' ? path.join(dir, 'files') : path.join(dir, name),
        LOG_LEVEL: 'info',
        // The cluster is a local stand-in for production: no real card payments (labelled in every log).
        PAYMENTS_SIMULATED: 'true',
        SECRETS_KEY: secretsKey,
        ...storageEnv,
        ...opts.env,
      };
      slots.push({
        name,
        port: await freePort(),
        env,
        logFile: path.join(logsDir, `${name}.log`),
        process: null,
        history: '',
      });
    }
    const launch = (slot) => {
      slot.process = launchInstance({
        name: slot.name,
        port: slot.port,
        env: slot.env,
        logFile: slot.logFile,
        appDir: opts.appDir,
        onLine: opts.onInstanceLine,
      });
      return slot.process;
    };
    cleanups.push(async () => {
      await Promise.all(slots.map((s) => s.process?.stop()));
    });
    // The first migrates and seeds; the others wait on the start-up lock and find it done.
    await Promise.all(slots.map((s) => launch(s).ready()));
    for (const s of slots) log(`${s.name} (pid ${s.process.pid}) on ${s.process.url}, log ${s.logFile}`);

    const nginx = await startNginx({ dir: path.join(dir, 'nginx'), port, instances: slots, log });
    cleanups.push(() => nginx.stop());

    // Last resort: if this process dies without stopping them, nothing it started keeps running.
    const onExit = () => {
      for (const s of slots) s.process?.killNow();
      try {
        process.kill(nginx.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      pg.stop();
    };
    process.on('exit', onExit);

    const byName = (name) => {
      const slot = slots.find((s) => s.name === name);
      if (!slot) throw new Error(`No instance ${name}`);
      return slot;
    };
    return {
      url: baseUrl,
      dir,
      databaseUrl: pg.url,
      storageEnv,
      instances: slots.map((s) => ({
        name: s.name,
        port: s.port,
        url: `http://127.0.0.1:${s.port}`,
        logFile: s.logFile,
      })),
      /** What an instance printed, over all its runs. */
      output: (name) => byName(name).history + (byName(name).process?.output() ?? ''),
      pidOf: (name) => byName(name).process?.pid,
      /** SIGTERM one instance and wait for it to exit (decision 225): nginx retries what it refuses. */
      async stopInstance(name) {
        const slot = byName(name);
        const result = await slot.process.stop();
        slot.history += slot.process.output();
        slot.process = null;
        return result;
      },
      /** Starts a stopped instance again on its port and waits until it is ready. */
      async startInstance(name) {
        const slot = byName(name);
        if (slot.process?.isRunning()) throw new Error(`${name} is running`);
        await launch(slot).ready();
      },
      /** As `systemctl restart`: SIGTERM, wait for the exit, start again; not waited for (see /healthz). */
      async restartInstance(name) {
        const slot = byName(name);
        if (slot.process) {
          await slot.process.stop();
          slot.history += slot.process.output();
        }
        launch(slot);
      },
      /** Whether the instance's process, started last, has exited (one that cannot start). */
      hasExited: (name) => byName(name).process?.isRunning() === false,
      /** Takes an instance out of nginx's list (`down`) or puts it back, with a reload. */
      async setInstanceDown(name, down) {
        byName(name).down = down;
        await nginx.reload(slots);
      },
      async stop() {
        process.off('exit', onExit);
        await cleanUp();
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
