import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The backups deploy/install.sh sets up (docs/deploying.md "Backups",
 * docs/decisions/403-pgbackrest-backups.md), on this machine without changing it: install.sh in test
 * mode (DEPLOY_ROOT=<scratch folder>: files written under it, commands that change the machine
 * printed), deploy/backup-nightly.sh the same way, and the units through `systemd-analyze verify`.
 * That pgBackRest and PostgreSQL work with these settings is tests/system/restore-drill.test.ts,
 * which runs them for real.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-deploy-backups-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const has = (command: string) => spawnSync('bash', ['-c', `command -v ${command}`]).status === 0;
const LEAKS = ['DEPLOY_ROOT', 'DRY_RUN', 'NODE_ENV', 'STRIPE_SECRET_KEY', 'SMTP_URL', 'MAIL_FROM'];
const S3 = {
  BACKUP_S3_BUCKET: 'tyres-backups',
  BACKUP_S3_REGION: 'ap-southeast-2',
  BACKUP_S3_ENDPOINT: 'https://s3.example.net:9000',
  BACKUP_S3_PATH_STYLE: 'true',
  BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  BACKUP_S3_SECRET_ACCESS_KEY: 'secret/with+chars',
};

type Run = { status: number | null; stdout: string; stderr: string };

function bash(script: string, args: string[] = [], env: Record<string, string> = {}): Run {
  const clean = { ...process.env };
  for (const key of [...LEAKS, ...Object.keys(S3)]) delete clean[key];
  const r = spawnSync('bash', ['-c', `set -euo pipefail\n${script}`, 'bash', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...clean, SETTLE_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const osRelease = path.join(scratch, 'os-release');
fs.writeFileSync(osRelease, 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n');

/** install.sh in test mode; the machine's PostgreSQL cluster is Debian 12's 15/main. */
function install(root: string, env: Record<string, string> = {}) {
  return bash(
    `source deploy/install.sh
resolved_addresses() { printf '%s\\n' 192.0.2.10; }
machine_addresses() { printf '%s\\n' 192.0.2.10; }
pg_lsclusters() { printf '15 main 5432 online postgres /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log\\n'; }
install_main "$@"`,
    ['--domain', 'tyres.example.com.au', '--email', 'owner@example.com.au', '--yes'],
    { DEPLOY_ROOT: root, OS_RELEASE_FILE: osRelease, ...env },
  );
}
const complaints = (r: Run) => r.stderr.replace(/^WARNING: \S+ has changes not committed: .*\n/m, '');
const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const modeOf = (root: string, file: string) => fs.statSync(path.join(root, file)).mode & 0o777;
const CONF = 'etc/pgbackrest/pgbackrest.conf';
const ARCHIVE = 'etc/postgresql/15/main/conf.d/tyre-booking-backup.conf';

describe('the backup scripts', () => {
  it.each(['pgbackrest.sh', 'backup-nightly.sh'])('bash -n deploy/%s', (script) => {
    const r = spawnSync('bash', ['-n', path.join(DEPLOY, script)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('install.sh sets up pgBackRest (test mode)', () => {
  const root = path.join(scratch, 'install');
  let first: Run;
  beforeAll(() => {
    fs.mkdirSync(root, { recursive: true });
    first = install(root);
  });

  it('runs through every step', () => {
    expect(complaints(first)).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/apt-get install -y -q --no-install-recommends .*postgresql pgbackrest/);
  });

  it('an encrypted repository on this disk, with a passphrase of its own, readable by root and postgres only', () => {
    const conf = read(root, CONF);
    expect(conf).toMatch(/^repo1-cipher-type=aes-256-cbc$/m);
    expect(conf).toMatch(/^repo1-cipher-pass=[0-9a-f]{64}$/m);
    expect(conf).toMatch(/^repo1-path=\/var\/lib\/pgbackrest$/m);
    expect(conf).not.toMatch(/repo1-type=s3/);
    expect(conf).toMatch(/^\[tyres\]\npg1-path=\/var\/lib\/postgresql\/15\/main$/m);
    expect(modeOf(root, CONF)).toBe(0o640);
    expect(modeOf(root, 'etc/pgbackrest')).toBe(0o750);
    expect(first.stdout).toMatch(
      /^\+ chown root:postgres \S+\/etc\/pgbackrest \S+\/etc\/pgbackrest\/pgbackrest\.conf$/m,
    );
    // The app's settings do not hold it: the tyres user and the instances never see it.
    expect(read(root, 'etc/tyre-booking/env')).not.toMatch(/cipher|BACKUP_S3/i);
  });

  it('WAL archiving through pgBackRest, PostgreSQL restarted for it, then the stanza made and checked', () => {
    const archive = read(root, ARCHIVE);
    expect(archive).toMatch(/^archive_mode = on$/m);
    expect(archive).toMatch(/^archive_command = 'pgbackrest --stanza=tyres archive-push %p'$/m);
    expect(archive).toMatch(/^archive_timeout = 60$/m);
    expect(archive).toMatch(/^wal_level = replica$/m);
    const out = first.stdout;
    const restart = out.indexOf('+ systemctl restart postgresql@15-main');
    const create = out.indexOf('+ runuser -u postgres -- pgbackrest --stanza=tyres stanza-create');
    const check = out.indexOf('+ runuser -u postgres -- pgbackrest --stanza=tyres check');
    expect(restart).toBeGreaterThan(-1);
    expect(create).toBeGreaterThan(restart);
    expect(check).toBeGreaterThan(create);
    // Before the instances start, so the restart cuts no one off on a first install.
    expect(out.indexOf('+ systemctl start tyre-booking@1')).toBeGreaterThan(check);
  });

  it('a nightly timer whose backup stops no instance, and the first backup once the app runs', () => {
    const service = read(root, 'etc/systemd/system/tyre-booking-backup.service');
    expect(service).toBe(fs.readFileSync(path.join(DEPLOY, 'tyre-booking-backup.service'), 'utf8'));
    expect(service).toMatch(/^ExecStart=\/srv\/tyre-booking\/current\/deploy\/backup-nightly\.sh$/m);
    expect(service).toMatch(/^EnvironmentFile=\/etc\/tyre-booking\/env$/m);
    expect(service).not.toMatch(/^Exec\S*=.*systemctl (stop|start|restart)/m);
    expect(read(root, 'etc/systemd/system/tyre-booking-backup.timer')).toMatch(
      /^OnCalendar=\*-\*-\* 03:00:00 Australia\/Perth$/m,
    );
    expect(first.stdout).toMatch(/^\+ systemctl enable --quiet tyre-booking-backup\.timer$/m);
    expect(first.stdout.indexOf('+ systemctl start --no-block tyre-booking-backup.service')).toBeGreaterThan(
      first.stdout.indexOf('+ systemctl start tyre-booking@2'),
    );
    expect(first.stdout).not.toMatch(/systemctl (stop|disable)[^\n]*tyre-booking@/);
  });

  it('run again: the same passphrase, PostgreSQL not restarted', () => {
    const before = read(root, CONF);
    const again = install(root);
    expect(complaints(again)).toBe('');
    expect(again.status).toBe(0);
    expect(read(root, CONF)).toBe(before);
    expect(again.stdout).not.toContain('systemctl restart postgresql');
    expect(again.stdout).toContain('pgbackrest --stanza=tyres check');
  });

  it('with BACKUP_S3_*: the repository in the bucket over https, the keys kept in the env file for the files copy', () => {
    const passphrase = read(root, CONF).match(/^repo1-cipher-pass=(.*)$/m)![1];
    const r = install(root, S3);
    expect(complaints(r)).toBe('');
    expect(r.status).toBe(0);
    const conf = read(root, CONF);
    for (const line of [
      'repo1-type=s3',
      'repo1-path=/pgbackrest',
      'repo1-s3-bucket=tyres-backups',
      'repo1-s3-endpoint=s3.example.net',
      'repo1-storage-port=9000',
      'repo1-s3-region=ap-southeast-2',
      'repo1-s3-key=AKIAEXAMPLE',
      'repo1-s3-key-secret=secret/with+chars',
      'repo1-s3-uri-style=path',
      `repo1-cipher-pass=${passphrase}`,
    ])
      expect(conf.split('\n'), line).toContain(line);
    expect(conf).not.toMatch(/^repo1-path=\/var\/lib/m);
    expect(read(root, 'etc/tyre-booking/env')).toMatch(/^BACKUP_S3_BUCKET=tyres-backups$/m);
    expect(r.stdout).toContain('s3://tyres-backups/pgbackrest');
  });

  it('refuses S3 settings pgBackRest cannot use, changing nothing', () => {
    const root = path.join(scratch, 'refused');
    fs.mkdirSync(root);
    for (const [env, message] of [
      [{ ...S3, BACKUP_S3_ENDPOINT: 'http://s3.example.net' }, 'speaks only https'],
      [{ BACKUP_S3_BUCKET: 'tyres-backups' }, 'BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY'],
      [{ BACKUP_S3_ACCESS_KEY_ID: 'AKIA', BACKUP_S3_SECRET_ACCESS_KEY: 'x' }, 'BACKUP_S3_BUCKET is needed'],
    ] as const) {
      const r = install(root, env);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(message);
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('a DATABASE_URL of another server: no pgBackRest here', () => {
    const root = path.join(scratch, 'elsewhere');
    fs.mkdirSync(path.join(root, 'etc/tyre-booking'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'etc/tyre-booking/env'),
      'DATABASE_URL=postgres://u:p@db.example.net:5432/tyres\n',
      {
        mode: 0o600,
      },
    );
    const r = install(root);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('pgBackRest is not set up here');
    expect(fs.existsSync(path.join(root, CONF))).toBe(false);
    expect(r.stdout).not.toContain('tyre-booking-backup');
  });
});

describe('deploy/backup-nightly.sh (test mode)', () => {
  const root = path.join(scratch, 'nightly');
  const nightly = (...args: string[]) =>
    bash('source deploy/backup-nightly.sh; backup_nightly_main "$@"', args, { DEPLOY_ROOT: root });

  it('without pgBackRest set up: refuses', () => {
    fs.mkdirSync(root, { recursive: true });
    const r = nightly();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('run deploy/install.sh');
  });

  it('a base backup as postgres (full on Sundays, else differential), then the files and the record as tyres', () => {
    fs.mkdirSync(path.join(root, 'etc/pgbackrest'), { recursive: true });
    fs.writeFileSync(path.join(root, CONF), '[global]\nrepo1-path=/var/lib/pgbackrest\n');
    const r = nightly();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sunday = spawnSync('bash', ['-c', 'TZ=Australia/Perth date +%u'], { encoding: 'utf8' }).stdout.trim() === '7';
    expect(r.stdout).toContain(
      `+ runuser -u postgres -- pgbackrest --stanza=tyres --type=${sunday ? 'full' : 'diff'} backup`,
    );
    expect(r.stdout).toContain(
      '| runuser -u tyres -- node_modules/.bin/tsx scripts/backup-files.ts --pgbackrest-info - --repository /var/lib/pgbackrest',
    );
    expect(nightly('--type', 'full').stdout).toContain('--type=full backup');
    expect(nightly('--type', 'weekly')).toMatchObject({ status: 1 });
  });
});

describe.skipIf(!has('systemd-analyze'))('the backup units', () => {
  it('systemd-analyze verify finds nothing to say', () => {
    const dir = path.join(scratch, 'systemd');
    fs.mkdirSync(dir, { recursive: true });
    // The script from this checkout, where the unit names the release's.
    const service = fs
      .readFileSync(path.join(DEPLOY, 'tyre-booking-backup.service'), 'utf8')
      .replace('/srv/tyre-booking/current/deploy/backup-nightly.sh', path.join(DEPLOY, 'backup-nightly.sh'));
    fs.writeFileSync(path.join(dir, 'tyre-booking-backup.service'), service);
    fs.copyFileSync(path.join(DEPLOY, 'tyre-booking-backup.timer'), path.join(dir, 'tyre-booking-backup.timer'));
    const r = spawnSync(
      'systemd-analyze',
      ['verify', path.join(dir, 'tyre-booking-backup.service'), path.join(dir, 'tyre-booking-backup.timer')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
