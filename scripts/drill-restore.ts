// npm run drill:restore [-- --repo posix|s3] [--rows N] [--save-info <file>]
//
// Proves the backups of docs/deploying.md "Backups" (docs/decisions/403-pgbackrest-backups.md) on a
// throwaway PostgreSQL cluster of this machine's binaries, set up with the very settings
// deploy/install.sh writes (deploy/pgbackrest.sh: pgBackRest's encrypted repository, WAL archiving):
// a base backup, rows written, the time noted, more rows written, the cluster's folder deleted (a lost
// disk), a restore to the noted time (pgBackRest --type=time), and then
//
//   restore drill: N of N rows back, 0 extra
//
// Exit 0 only when every row written before that time is back with its values and none after it.
// --repo s3 keeps the repository in the S3 stand-in (s3rver, a local test double, not real S3) served
// over https with a certificate made for the run, which pgBackRest checks. Needs the postgresql and pgbackrest packages.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { newestPgbackrestBackup } from '../src/server/backup/pgbackrest-info';
import { makeScratchDir } from './lib/scratch.mjs';
import { startS3StandIn, type S3StandIn } from './lib/s3-stand-in.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const STANZA = 'tyres';
const USAGE =
  "Usage: npm run drill:restore -- [--repo posix|s3] [--rows N] [--save-info <file>]\n  --save-info  keep pgBackRest's `info --output=json` of the base backup in that file";

let values;
try {
  ({ values } = parseArgs({
    options: {
      repo: { type: 'string', default: 'posix' },
      rows: { type: 'string', default: '600' },
      'save-info': { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rowsBefore = Number(values.rows);
if (!['posix', 's3'].includes(values.repo) || !Number.isInteger(rowsBefore) || rowsBefore < 20) {
  console.error(`--repo is posix or s3, --rows a whole number from 20.\n${USAGE}`);
  process.exit(2);
}
/** Rows written after the noted time: none of them may come back. */
const rowsAfter = Math.ceil(rowsBefore / 2);
const PER_TRANSACTION = 20;

const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const say = (line: string) => console.log(`  ${line}`);

function findPgBinDir(): string | undefined {
  return (
    process.env.PG_BIN ||
    ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((d) =>
      fs.existsSync(path.join(d, 'initdb')),
    )
  );
}
const hasCommand = (cmd: string) => spawnSync('bash', ['-c', `command -v ${cmd}`]).status === 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const binDir = findPgBinDir();
if (!binDir || !hasCommand('pgbackrest')) {
  console.error(
    'restore drill: needs PostgreSQL server binaries and pgBackRest: sudo apt-get install -y postgresql pgbackrest',
  );
  process.exit(1);
}

// initdb refuses root: as root, PostgreSQL and pgBackRest run as the postgres user, as on a server.
const isRoot = process.getuid?.() === 0;
const dir = makeScratchDir('tyres-restore-drill-');
const dataDir = path.join(dir, 'data');
const confFile = path.join(dir, 'pgbackrest.conf');
const port = await freePort();
let s3: S3StandIn | undefined;
let env: NodeJS.ProcessEnv = { ...process.env };

/**
 * A command as the cluster's owner, with pgBackRest's settings in the environment; its output on
 * failure. Never synchronous: the S3 stand-in answers from this process's event loop.
 */
function asOwner(cmd: string, args: string[], opts: { quiet?: boolean } = {}): Promise<string> {
  const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    execFile(c, a, { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${String(err.code)}):\n${stdout}${stderr}`));
        return;
      }
      if (!opts.quiet && stderr.trim()) process.stderr.write(stderr);
      resolve(stdout);
    });
  });
}
const pgbackrest = (...args: string[]) => asOwner('pgbackrest', [`--stanza=${STANZA}`, ...args]);
const pgCtl = (...args: string[]) => asOwner(path.join(binDir, 'pg_ctl'), ['-D', dataDir, ...args], { quiet: true });

/** deploy/pgbackrest.sh's pgbackrest_conf and postgres_archive_conf, with this drill's values. */
function installSettings(values: Record<string, string>): { pgbackrest: string; postgres: string } {
  const r = spawnSync(
    'bash',
    [
      '-c',
      'set -euo pipefail; source deploy/releases.sh; source deploy/pgbackrest.sh; pgbackrest_conf; printf "\\f\\n"; postgres_archive_conf',
    ],
    { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, ...values } },
  );
  if (r.status !== 0) throw new Error(`deploy/pgbackrest.sh could not write the settings:\n${r.stderr}`);
  const [pgbackrestConf, postgresConf] = r.stdout.split('\f\n') as [string, string];
  return { pgbackrest: pgbackrestConf, postgres: postgresConf };
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

/** Rows in transactions of PER_TRANSACTION, as bookings and payments come in: each its own commit. */
async function writeRows(client: pg.Client, batch: number, firstId: number, count: number) {
  for (let done = 0; done < count; done += PER_TRANSACTION) {
    const n = Math.min(PER_TRANSACTION, count - done);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO restore_drill (id, batch, amount_cents, note)
       SELECT i, $1, i * 37 % 100000, 'row ' || i FROM generate_series($2::int, $3::int) AS i`,
      [batch, firstId + done, firstId + done + n - 1],
    );
    await client.query('COMMIT');
  }
}

function startServer() {
  return pgCtl(
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '120',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=''`,
    'start',
  );
}

async function waitForPromotion(client: pg.Client) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
    if (!rows[0]!.recovering) return;
    if (Date.now() > deadline) throw new Error('the restored cluster was still recovering after 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let exitCode = 1;
try {
  for (const sub of ['repo', 'log', 'lock', 'spool']) fs.mkdirSync(path.join(dir, sub));
  const settings: Record<string, string> = {
    BACKUP_CIPHER_PASS: randomBytes(32).toString('hex'),
    PG_DATA_DIR: dataDir,
    BACKUP_REPO_DIR: path.join(dir, 'repo'),
  };
  if (values.repo === 's3') {
    const key = path.join(dir, 'tls-key.pem');
    const cert = path.join(dir, 'tls-cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=DNS:127.0.0.1,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'ignore' },
    );
    s3 = await startS3StandIn({
      bucket: 'tyres-backups',
      tls: { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    });
    Object.assign(settings, {
      BACKUP_S3_BUCKET: s3.bucket,
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_PATH_STYLE: 'true',
      BACKUP_S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID!,
      BACKUP_S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY!,
    });
  }
  const conf = installSettings(settings);
  fs.writeFileSync(confFile, conf.pgbackrest, { mode: 0o640 });
  // Only what differs from a server: where this cluster listens and where pgBackRest keeps its logs
  // and locks, and the stand-in's certificate (made for this run) trusted as the authority: TLS is
  // checked as it is against real S3. pgBackRest 2.45 matches the host against DNS names only, so
  // the certificate names 127.0.0.1 as one.
  env = {
    ...process.env,
    PGBACKREST_CONFIG: confFile,
    PGBACKREST_PG1_PORT: String(port),
    PGBACKREST_PG1_SOCKET_PATH: dir,
    PGBACKREST_LOG_PATH: path.join(dir, 'log'),
    PGBACKREST_LOCK_PATH: path.join(dir, 'lock'),
    PGBACKREST_SPOOL_PATH: path.join(dir, 'spool'),
    PGBACKREST_LOG_LEVEL_CONSOLE: 'warn',
    ...(values.repo === 's3' ? { PGBACKREST_REPO1_STORAGE_CA_FILE: path.join(dir, 'tls-cert.pem') } : {}),
  };
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);

  await asOwner(
    path.join(binDir, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'],
    {
      quiet: true,
    },
  );
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${conf.postgres}`);
  await startServer();
  const where =
    values.repo === 's3'
      ? `s3://${settings.BACKUP_S3_BUCKET}/pgbackrest at ${s3!.endpoint} (S3 stand-in, https)`
      : settings.BACKUP_REPO_DIR;
  say(`PostgreSQL (${path.basename(path.dirname(binDir))}) in ${dataDir}, archiving to ${where}, aes-256-cbc`);

  let t = performance.now();
  await pgbackrest('stanza-create');
  await pgbackrest('--type=full', 'backup');
  // What the nightly backup records for Settings -> System (npm run backup:files), read the same way.
  const info = await pgbackrest('--output=json', 'info');
  if (values['save-info']) fs.writeFileSync(values['save-info'], info);
  const base = newestPgbackrestBackup(info, STANZA);
  if (!base.encrypted) throw new Error(`the repository is not encrypted: ${conf.pgbackrest}`);
  say(
    `base backup ${base.label} (${base.type}, encrypted): ${(base.repositoryBytes / 1024 ** 2).toFixed(1)} MB in the repository, ${seconds(t)} s`,
  );

  let client = await connect();
  await client.query(`CREATE TABLE restore_drill (
    id integer PRIMARY KEY, batch integer NOT NULL, amount_cents integer NOT NULL, note text NOT NULL,
    written_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
  await writeRows(client, 1, 1, rowsBefore);
  // After every commit of the first rows, before any of the rest: what the owner picks as "the minute".
  const { rows: noted } = await client.query<{ at: string }>('SELECT clock_timestamp()::text AS at');
  const target = noted[0]!.at;
  await writeRows(client, 2, rowsBefore + 1, rowsAfter);
  await client.end();
  say(`wrote ${rowsBefore} rows, noted ${target}, wrote ${rowsAfter} more`);
  // pgBackRest's check switches to a new WAL segment and waits until it is archived: every row is in
  // the repository, as archive_timeout makes it within a minute on a server.
  await pgbackrest('check');

  // The disk is lost: the cluster stops at once and its folder goes.
  await pgCtl('-m', 'immediate', 'stop');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dataDir]);

  t = performance.now();
  // The base backup named: pgBackRest picks a set that ended before the target by its stop time in
  // whole seconds, and the drill notes its time within the second the backup ended. An owner's
  // chosen minute is later than that, and pgBackRest picks the set by itself.
  await pgbackrest('--type=time', `--target=${target}`, `--set=${base.label}`, '--target-action=promote', 'restore');
  await startServer();
  client = await connect();
  await waitForPromotion(client);
  say(`restore to ${target}: ${seconds(t)} s`);

  const { rows } = await client.query<{ id: number; batch: number; amount_cents: number; note: string }>(
    'SELECT id, batch, amount_cents, note FROM restore_drill ORDER BY id',
  );
  await client.end();
  let back = 0;
  for (const row of rows) {
    const expected = row.batch === 1 && row.id >= 1 && row.id <= rowsBefore;
    if (expected && row.amount_cents === (row.id * 37) % 100000 && row.note === `row ${row.id}`) back++;
  }
  const extra = rows.length - back;
  await pgCtl('-m', 'fast', 'stop');
  say(`took ${seconds(started)} s in all`);
  console.log(`restore drill: ${back} of ${rowsBefore} rows back, ${extra} extra`);
  exitCode = back === rowsBefore && extra === 0 ? 0 : 1;
} catch (err) {
  console.error(`restore drill failed: ${(err as Error).message}`);
  const log = path.join(dir, 'server.log');
  if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n'));
} finally {
  try {
    await pgCtl('-m', 'immediate', 'stop');
  } catch {
    // already stopped
  }
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
