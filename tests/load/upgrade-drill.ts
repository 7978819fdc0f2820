import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Cluster, startCluster } from '../../scripts/lib/cluster-run.mjs';
import { bookingBody, signIn, upcomingSlots } from '../helpers/cluster-traffic';

/**
 * `npm run drill:upgrade` (docs/deploying.md "The upgrade drill", docs/decisions/405-upgrade-drill.md):
 * the cluster of `npm run cluster` (PostgreSQL, two instances, nginx in front) run from a releases
 * folder as a server has it (releases/<name> beside `current`), a steady load of quotes, bookings and
 * dashboard reads through nginx, then the real deploy/upgrade.sh to a second release that carries one
 * more expand-only migration, and the real deploy/rollback.sh back. The scripts run in their test mode
 * (paths under the drill's folder) with INSTANCE_CONTROL_URL pointing at this process, which restarts
 * an instance or takes it out of nginx's list when they ask, as systemctl and nginx's reload would.
 * Every request the load sent counts: a network error or any status but 2xx is a failure.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = { username: 'drill_owner', password: 'upgrade-drill-password-7' };
/** What a release needs to run and to be checked: the build, the migrations, the checker. */
const RELEASE_FILES = ['dist', 'drizzle', 'package.json', 'scripts/check-migrations.mjs'];
/** Bookings and quotes share a slot's places (20 vans on the road) this many at a time. */
const PER_SLOT = 10;
/** Simulated customers and staff sending the load side by side. */
const CLIENTS = 8;

type DrillOptions = {
  /** Requests per second the clients aim at together (fewer if the cluster answers slower). */
  rate: number;
  /** The load goes on after the rollback until this many requests have been answered. */
  minRequests: number;
  /** Steady load before the upgrade starts, in seconds. */
  leadSeconds: number;
  /** upgrade.sh's pause between two instances (SETTLE_SECONDS; 3 on a server). */
  settleSeconds?: number;
  /** Leave the folder (releases, nginx's and the instances' logs) when a request failed. */
  keepFolderOnFailure?: boolean;
  log?: (line: string) => void;
};

type Answer = { kind: string; startedAt: number; ms: number; status: number | string; during: boolean };

type DrillResult = {
  requests: number;
  failed: number;
  /** The first few failures, "kind: status". */
  failures: string[];
  seconds: number;
  /** Requests started while an instance was out of nginx's list or restarting, and their p99. */
  restartRequests: number;
  restartP99Ms: number;
  steadyP99Ms: number;
  upgradeSeconds: number;
  rollbackSeconds: number;
  /** Every acknowledged booking found in the database afterwards. */
  bookingsAcknowledged: number;
  bookingsStored: number;
  /** Requests sent again after nginx's reload closed their idle connection unanswered. */
  resent: number;
  line: string;
};

/** A kept-alive connection the proxy closed before any answer (the request was never read). */
function closedUnanswered(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return (cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed') || cause?.code === 'ECONNRESET';
}

/** One request on a connection of its own (fetch would take another kept-alive one from its pool). */
function onNewConnection(
  address: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; ok: boolean; text: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(address, { method, headers: { ...headers, connection: 'close' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          text: async () => Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => reject(Object.assign(new Error('fetch failed'), { cause: err })));
    req.end(body);
  });
}

const p99 = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

/** A release of the current build: the checkout's build and migrations, its node_modules linked. */
function makeRelease(releasesDir: string, name: string): string {
  const dir = path.join(releasesDir, name);
  for (const file of RELEASE_FILES)
    fs.cpSync(path.join(ROOT, file), path.join(dir, file), { recursive: true, dereference: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const commit = spawnSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  fs.writeFileSync(path.join(dir, '.release'), `commit=${commit}\nref=drill\nbuilt=${new Date().toISOString()}\n`);
  return dir;
}

/**
 * The second build: the first one's files and one more migration, expand only (a nullable column
 * on the jobs table the load writes to, and a table), made in the drill's folder, never in drizzle/.
 */
function addDrillMigration(releaseDir: string): string {
  const journalFile = path.join(releaseDir, 'drizzle/meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_upgrade_drill`;
  fs.writeFileSync(
    path.join(releaseDir, 'drizzle', `${tag}.sql`),
    'ALTER TABLE "jobs" ADD COLUMN "upgrade_drill_note" text;--> statement-breakpoint\n' +
      'CREATE TABLE "upgrade_drill_marks" ("id" serial PRIMARY KEY NOT NULL, "note" text);\n',
  );
  journal.entries.push({ ...last, idx, when: Math.max(Date.now(), last.when + 1), tag });
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return tag;
}

/** deploy/upgrade.sh or deploy/rollback.sh in test mode, on the drill's instances. */
function deployScript(script: string, args: string[], env: Record<string, string>, log: (line: string) => void) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const clean = { ...process.env };
    for (const key of ['DRY_RUN', 'NODE_ENV']) delete clean[key];
    const child = spawn('bash', [path.join(ROOT, 'deploy', script), ...args], {
      cwd: ROOT,
      env: { ...clean, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk: Buffer) => {
      output += String(chunk);
      for (const line of String(chunk).split('\n')) if (line.trim()) log(`  ${script}: ${line}`);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    // 'close', not 'exit': the last lines of its output may come after the exit.
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * What upgrade.sh and rollback.sh ask of the instances' manager: POST /restart/N, POST
 * /proxy/N/down|up, and GET /exited/N (200 once the instance's process has exited, 404 while it runs).
 */
function startControl(cluster: Cluster, onChange: (restarting: boolean) => void) {
  const out = new Set<string>();
  const server = http.createServer((req, res) => {
    const exited = /^\/exited\/(\d+)$/.exec(req.url ?? '');
    if (exited) {
      res.writeHead(cluster.hasExited(`app-${exited[1]}`) ? 200 : 404).end();
      return;
    }
    const restart = /^\/restart\/(\d+)$/.exec(req.url ?? '');
    const proxy = /^\/proxy\/(\d+)\/(down|up)$/.exec(req.url ?? '');
    const work = restart
      ? cluster.restartInstance(`app-${restart[1]}`)
      : proxy
        ? cluster.setInstanceDown(`app-${proxy[1]}`, proxy[2] === 'down')
        : Promise.reject(new Error(`no such step: ${req.url}`));
    if (proxy) {
      if (proxy[2] === 'down') out.add(proxy[1]!);
      else out.delete(proxy[1]!);
      onChange(out.size > 0);
    }
    work.then(
      () => res.writeHead(204).end(),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

export async function runUpgradeDrill(opts: DrillOptions): Promise<DrillResult> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  if (
    !fs.existsSync(path.join(ROOT, 'dist/server/main.js')) ||
    !fs.existsSync(path.join(ROOT, 'dist/client/index.html'))
  ) {
    log('No production build in dist/: running npm run build');
    if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('npm run build failed');
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-upgrade-drill-'));
  // As root, the cluster's PostgreSQL runs as the postgres user, which must reach its folder.
  if (process.getuid?.() === 0) fs.chmodSync(scratch, 0o755);
  const deployRoot = path.join(scratch, 'server');
  const appDir = path.join(deployRoot, 'srv/tyre-booking');
  const releasesDir = path.join(appDir, 'releases');
  const confDir = path.join(deployRoot, 'etc/tyre-booking');
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const before = `${stamp}-drill-before`;
  const after = `${stamp}-drill-after`;
  makeRelease(releasesDir, before);
  fs.cpSync(path.join(releasesDir, before), path.join(releasesDir, after), { recursive: true, verbatimSymlinks: true });
  const migration = addDrillMigration(path.join(releasesDir, after));
  // A third build whose server exits at start: the upgrade to it must stop at its first instance.
  const broken = `${stamp}-drill-broken`;
  fs.cpSync(path.join(releasesDir, after), path.join(releasesDir, broken), { recursive: true, verbatimSymlinks: true });
  fs.writeFileSync(
    path.join(releasesDir, broken, 'dist/server/main.js'),
    "console.error('upgrade drill: this release does not start');\nprocess.exit(1);\n",
  );
  fs.symlinkSync(`releases/${before}`, path.join(appDir, 'current'));
  log(`Releases in ${releasesDir}: ${before} (current), ${after} (+ ${migration})`);

  let cluster: Cluster | undefined;
  let control: Awaited<ReturnType<typeof startControl>> | undefined;
  let db: pg.Client | undefined;
  let keep = false;
  try {
    cluster = await startCluster({
      dir: path.join(scratch, 'cluster'),
      port: 0,
      instances: 2,
      storage: 'local',
      appDir: path.join(appDir, 'current'),
      env: {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        // Every request comes from this machine through nginx: one client address for all.
        BOOKINGS_PER_ADDRESS: '100000',
        HOLDS_PER_ADDRESS: '100000',
      },
      log: (line) => log(`cluster: ${line}`),
    });
    fs.mkdirSync(confDir, { recursive: true, mode: 0o700 });
    for (const instance of cluster.instances) {
      const n = instance.name.replace('app-', '');
      fs.writeFileSync(
        path.join(confDir, `instance-${n}.env`),
        `PORT=${instance.port}\nINSTANCE_NAME=${instance.name}\n`,
        {
          mode: 0o600,
        },
      );
    }
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const url = cluster.url;
    const cookie = await signIn(url, ADMIN);
    const vans = await fetch(`${url}/api/dashboard/settings/capacity`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ vans: 20 }),
    });
    if (!vans.ok) throw new Error(`setting 20 vans answered ${vans.status}: ${await vans.text()}`);

    let restarting = false;
    control = await startControl(cluster, (busy) => (restarting = busy));

    // The load: an even stream of requests, in turn a booking, a dashboard read, a prepaid quote
    // (which holds a place), a dashboard read.
    const slots = upcomingSlots(Math.ceil((opts.minRequests * 2) / PER_SLOT) + 40);
    const answers: Answer[] = [];
    const acknowledged: string[] = [];
    let sent = 0;
    let places = 0;
    let resent = 0;
    const send = () => {
      const n = sent++;
      const kind = ['booking', 'dashboard', 'quote', 'dashboard'][n % 4]!;
      const during = restarting;
      const startedAt = Date.now();
      const body =
        kind === 'dashboard'
          ? undefined
          : bookingBody(n, slots[Math.floor(places++ / PER_SLOT)]!, kind === 'quote' ? 'prepaid' : 'onsite');
      const target = body
        ? {
            path: kind === 'quote' ? '/api/bookings/quote' : '/api/bookings',
            method: 'POST',
            body: JSON.stringify(body),
          }
        : { path: '/api/dashboard/jobs?when=upcoming&page=1', method: 'GET', body: undefined };
      const headers: Record<string, string> = body ? { 'content-type': 'application/json', origin: url } : { cookie };
      return (async () => {
        let status: number | string;
        try {
          let res: { status: number; ok: boolean; text: () => Promise<string> };
          try {
            res = await fetch(`${url}${target.path}`, { method: target.method, headers, body: target.body });
          } catch (err) {
            // nginx's reload closes its old workers' idle kept-alive connections; one the client
            // wrote to at that instant closes unanswered and nginx never read the request. A
            // browser sends it again on a new connection (as HTTP/2, the site's protocol, says
            // with GOAWAY): so does the drill, once, and counts it (decision 405).
            if (!closedUnanswered(err)) throw err;
            resent++;
            res = await onNewConnection(`${url}${target.path}`, target.method, headers, target.body);
          }
          const text = await res.text();
          status = res.status;
          if (res.ok && kind === 'booking') acknowledged.push((JSON.parse(text) as { jobId: string }).jobId);
          if (!res.ok) status = `${res.status} ${text.replace(/\s+/g, ' ').slice(0, 120)}`;
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          status = `network error: ${(err as Error).message} (${cause?.code ?? ''} ${cause?.message ?? ''})`;
        }
        answers.push({ kind, startedAt, ms: Date.now() - startedAt, status, during });
      })();
    };
    // CLIENTS customers and staff, each sending its next request when its last one is answered and
    // its turn has come: the load stays steady at `rate` while the cluster keeps up, and a slower
    // cluster is not buried under requests it cannot start (a failure would then be the load's).
    let loadOn = true;
    const interval = (1000 * CLIENTS) / opts.rate;
    const load = Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        let due = Date.now() + (client * interval) / CLIENTS;
        while (loadOn) {
          const wait = due - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (!loadOn) break;
          await send();
          due = Math.max(due + interval, Date.now() - interval);
        }
      }),
    );
    const scriptEnv = {
      DEPLOY_ROOT: deployRoot,
      INSTANCE_CONTROL_URL: control.url,
      SETTLE_SECONDS: String(opts.settleSeconds ?? 3),
    };
    await new Promise((r) => setTimeout(r, opts.leadSeconds * 1000));
    log(`Load at ${opts.rate}/s for ${opts.leadSeconds} s; upgrading to ${after}`);
    const upgradeStart = Date.now();
    const upgrade = await deployScript('upgrade.sh', ['--built', after], scriptEnv, log);
    const upgradeSeconds = (Date.now() - upgradeStart) / 1000;
    if (upgrade.code !== 0) throw new Error(`upgrade.sh exited ${upgrade.code}:\n${upgrade.output}`);
    const column = await db.query(
      `select 1 from information_schema.columns where table_name = 'jobs' and column_name = 'upgrade_drill_note'`,
    );
    if (column.rowCount !== 1) throw new Error(`the upgrade did not apply ${migration}`);
    log(
      `Upgraded in ${upgradeSeconds.toFixed(1)} s (${migration} applied); upgrading to ${broken}, which does not start`,
    );
    const refused = await deployScript('upgrade.sh', ['--built', broken], scriptEnv, log);
    const current = () => fs.readlinkSync(path.join(appDir, 'current'));
    if (
      refused.code !== 1 ||
      current() !== `releases/${after}` ||
      !refused.output.includes(`back on release ${after}, which serves`)
    )
      throw new Error(`the upgrade to a release that does not start did not stay on ${after}:\n${refused.output}`);
    log(`The upgrade to ${broken} stopped at its first instance and stayed on ${after}; rolling back`);
    const rollbackStart = Date.now();
    const rollback = await deployScript('rollback.sh', [], scriptEnv, log);
    const rollbackSeconds = (Date.now() - rollbackStart) / 1000;
    if (rollback.code !== 0) throw new Error(`rollback.sh exited ${rollback.code}:\n${rollback.output}`);
    if (current() !== `releases/${before}`) throw new Error(`after the rollback current is ${current()}`);
    log(`Rolled back in ${rollbackSeconds.toFixed(1)} s; load on until ${opts.minRequests} requests`);
    while (answers.length < opts.minRequests) await new Promise((r) => setTimeout(r, 100));
    loadOn = false;
    await load;

    const stored = await db.query('select id from jobs where id = any($1::uuid[])', [acknowledged]);
    const failedAnswers = answers.filter((a) => typeof a.status !== 'number' || a.status < 200 || a.status >= 300);
    const requests = answers.length;
    const failed = failedAnswers.length + (acknowledged.length - (stored.rowCount ?? 0));
    if (failed > 0 && opts.keepFolderOnFailure) {
      keep = true;
      log(`Failures: the drill's folder (nginx and instance logs) is kept in ${scratch}`);
    }
    return {
      requests,
      failed,
      failures: failedAnswers.slice(0, 10).map((a) => `${a.kind}: ${a.status}`),
      seconds: (Date.now() - started) / 1000,
      restartRequests: answers.filter((a) => a.during).length,
      restartP99Ms: p99(answers.filter((a) => a.during).map((a) => a.ms)),
      steadyP99Ms: p99(answers.filter((a) => !a.during).map((a) => a.ms)),
      upgradeSeconds,
      rollbackSeconds,
      bookingsAcknowledged: acknowledged.length,
      bookingsStored: stored.rowCount ?? 0,
      resent,
      line: `upgrade drill: ${requests} requests, ${failed} failed`,
    };
  } finally {
    await db?.end().catch(() => {});
    await control?.close();
    await cluster?.stop();
    if (!keep) fs.rmSync(scratch, { recursive: true, force: true });
  }
}
