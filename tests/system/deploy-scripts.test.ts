import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * deploy/install.sh, upgrade.sh and rollback.sh on this machine, changing nothing on it
 * (docs/deploying.md, docs/decisions/398-install-and-releases.md): the scripts are sourced with
 * DEPLOY_ROOT=<scratch folder>, their test mode, which writes every file under that folder and prints
 * each command that would change the machine (apt-get, systemctl, useradd, certbot, the firewall).
 * Where a step asks the machine (DNS, an instance's /healthz, a restart), the test replaces that one
 * function. The nginx sites go through the real `nginx -t`, the unit through `systemd-analyze verify`.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-deploy-scripts-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const has = (command: string) => spawnSync('bash', ['-c', `command -v ${command}`]).status === 0;
const DOMAIN = 'tyres.example.com.au';

/** The machine's settings that must not leak into a script under test. */
const LEAKS = [
  'DEPLOY_ROOT',
  'DRY_RUN',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'NODE_ENV',
];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

/** Runs a bash script (set -euo pipefail, from the repository's folder) with arguments and settings. */
function bash(script: string, args: string[] = [], env: Record<string, string> = {}): Run {
  const clean = { ...process.env };
  for (const key of LEAKS) delete clean[key];
  const r = spawnSync('bash', ['-c', `set -euo pipefail\n${script}`, 'bash', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...clean, SETTLE_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, output: r.stdout + r.stderr };
}

function freshRoot(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const osRelease = (id: string, version: string, pretty: string) => {
  const file = path.join(scratch, `os-release-${id}-${version}`);
  fs.writeFileSync(file, `PRETTY_NAME="${pretty}"\nID=${id}\nVERSION_ID="${version}"\n`);
  return file;
};
const DEBIAN_12 = osRelease('debian', '12', 'Debian GNU/Linux 12 (bookworm)');

/** install.sh in test mode, the domain resolving to this machine unless `addresses` says otherwise. */
function install(root: string, args: string[], env: Record<string, string> = {}, addresses = '192.0.2.10') {
  return bash(
    `source deploy/install.sh
resolved_addresses() { [[ -n "${addresses}" ]] && printf '%s\\n' ${addresses}; }
machine_addresses() { printf '%s\\n' 192.0.2.10 2001:db8::10; }
install_main "$@"`,
    args,
    { DEPLOY_ROOT: root, OS_RELEASE_FILE: DEBIAN_12, ...env },
  );
}

/** What a run printed on stderr but the note that the checkout has changes not committed (others' work in progress). */
const complaints = (r: Run) => r.stderr.replace(/^WARNING: \S+ has changes not committed: .*\n/m, '');
const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const modeOf = (root: string, file: string) => fs.statSync(path.join(root, file)).mode & 0o777;

describe('the scripts', () => {
  it.each(['install.sh', 'upgrade.sh', 'rollback.sh', 'releases.sh'])('bash -n deploy/%s', (script) => {
    const r = spawnSync('bash', ['-n', path.join(DEPLOY, script)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('install.sh, upgrade.sh and rollback.sh are executable', () => {
    for (const script of ['install.sh', 'upgrade.sh', 'rollback.sh'])
      expect(fs.statSync(path.join(DEPLOY, script)).mode & 0o111, script).toBe(0o111);
  });
});

describe('the nginx sites pass nginx -t', () => {
  const dir = path.join(scratch, 'nginx');

  /** `nginx -t` of a main config that includes one site, with its own pid, logs and temp paths. */
  function nginxTest(site: string) {
    fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    const conf = path.join(dir, 'nginx.conf');
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((t) => `  ${t}_temp_path ${path.join(dir, 'tmp', t)};`)
      .join('\n');
    fs.writeFileSync(
      conf,
      `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log ${dir}/access.log;\n${temp}\n  include ${site};\n}\n`,
    );
    const r = spawnSync(NGINX!, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { encoding: 'utf8' });
    return { status: r.status, output: r.stdout + r.stderr };
  }

  /** A site as install.sh writes it for this domain and instance count. */
  function render(template: string, instances: number) {
    const r = bash('source deploy/install.sh; DOMAIN=$1; INSTANCES=$2; render_site "deploy/$3"', [
      DOMAIN,
      String(instances),
      template,
    ]);
    expect(r.stderr).toBe('');
    const file = path.join(dir, `${template}.${instances}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, r.stdout);
    return { file, text: r.stdout };
  }

  it.skipIf(!NGINX)('the bootstrap site before any certificate exists: port 80, the ACME webroot, the app', () => {
    const { file, text } = render('nginx-bootstrap.conf', 3);
    expect(nginxTest(file)).toMatchObject({ status: 0, output: expect.stringContaining('test is successful') });
    expect(text).toContain(`server_name ${DOMAIN};`);
    expect(text).toMatch(/location \/\.well-known\/acme-challenge\/ \{\s+root \/var\/www\/certbot;/);
    expect(text).not.toMatch(/ssl|443/);
    expect(text).toContain('proxy_next_upstream error timeout;');
    expect(text.match(/server 127\.0\.0\.1:\d+/g)).toEqual([
      'server 127.0.0.1:5001',
      'server 127.0.0.1:5002',
      'server 127.0.0.1:5003',
    ]);
  });

  it.skipIf(!NGINX || !has('openssl'))('the TLS site: refused without its certificate, passes with one', () => {
    const { text } = render('nginx-site.conf', 2);
    expect(text).toContain(`ssl_certificate /etc/letsencrypt/live/${DOMAIN}/fullchain.pem;`);
    expect(text).toContain('proxy_next_upstream error timeout;');
    const certs = path.join(dir, 'live');
    const missing = path.join(dir, 'site-without-certificate.conf');
    fs.writeFileSync(missing, text.replaceAll(`/etc/letsencrypt/live/${DOMAIN}`, path.join(dir, 'none')));
    expect(nginxTest(missing)).toMatchObject({ status: 1, output: expect.stringContaining('fullchain.pem') });

    fs.mkdirSync(certs, { recursive: true });
    const openssl = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
        '-subj',
        `/CN=${DOMAIN}`,
        '-keyout',
        path.join(certs, 'privkey.pem'),
        '-out',
        path.join(certs, 'fullchain.pem'),
      ]),
      { encoding: 'utf8' },
    );
    expect(openssl.status, openssl.stderr).toBe(0);
    const withCertificate = path.join(dir, 'site.conf');
    fs.writeFileSync(withCertificate, text.replaceAll(`/etc/letsencrypt/live/${DOMAIN}`, certs));
    expect(nginxTest(withCertificate)).toMatchObject({ status: 0 });
  });
});

describe('install.sh in test mode (DEPLOY_ROOT)', () => {
  const root = path.join(scratch, 'install');
  let first: Run;
  beforeAll(() => {
    fs.mkdirSync(root, { recursive: true });
    first = install(root, ['--domain', 'Tyres.Example.com.au', '--email', 'owner@example.com.au', '--yes'], {
      STRIPE_SECRET_KEY: 'sk_test_51abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51def',
      STRIPE_WEBHOOK_SECRET: 'whsec_ghi',
      SMTP_URL: 'smtp://bookings:p%40ss@mail.example.com.au:587',
      MAIL_FROM: 'Perth Mobile Tyres <bookings@example.com.au>',
    });
  });

  it('runs through every step', () => {
    expect(complaints(first)).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`${DOMAIN} resolves to this machine`);
  });

  it('writes the settings 0600, the instances bound to 127.0.0.1, the database password it made', () => {
    expect(modeOf(root, 'etc/tyre-booking')).toBe(0o700);
    for (const file of ['env', 'instance-1.env', 'instance-2.env'])
      expect(modeOf(root, `etc/tyre-booking/${file}`), file).toBe(0o600);
    expect(first.stdout).toMatch(/^\+ chown root:root \S+\/etc\/tyre-booking \S+\/etc\/tyre-booking\/env$/m);
    const env = read(root, 'etc/tyre-booking/env');
    expect(env).toMatch(/^HOST=127\.0\.0\.1$/m);
    expect(env).toMatch(/^NODE_ENV=production$/m);
    expect(env).toMatch(new RegExp(`^PUBLIC_BASE_URL=https://${DOMAIN.replaceAll('.', '\\.')}$`, 'm'));
    expect(env).toMatch(/^TRUST_PROXY=1$/m);
    expect(env).toMatch(/^DATA_DIR=\/var\/lib\/tyre-booking$/m);
    // The app's login is the runtime role; the owner's URL is for the migrations only (decision 408).
    expect(env).toMatch(/^DATABASE_URL=postgres:\/\/tyres_app:[0-9a-f]{48}@127\.0\.0\.1:5432\/tyres$/m);
    expect(env).toMatch(/^DATABASE_MIGRATION_URL=postgres:\/\/tyres:[0-9a-f]{48}@127\.0\.0\.1:5432\/tyres$/m);
    expect(env).toMatch(/^STRIPE_WEBHOOK_SECRET=whsec_ghi$/m);
    // 32 random bytes in base64, kept on every run after (docs/decisions/401-secrets-at-rest.md).
    expect(env).toMatch(/^SECRETS_KEY=[A-Za-z0-9+/]{43}=$/m);
    expect(read(root, 'etc/tyre-booking/instance-1.env')).toMatch(/^PORT=5001\nINSTANCE_NAME=app-1$/m);
    expect(read(root, 'etc/tyre-booking/instance-2.env')).toMatch(/^PORT=5002\nINSTANCE_NAME=app-2$/m);
  });

  it('writes values a shell and systemd read alike (`set -a; . env` gives each value back)', () => {
    const r = bash('set -a; . "$1"; printf "%s|%s|%s" "$MAIL_FROM" "$SMTP_URL" "$HOST"', [
      path.join(root, 'etc/tyre-booking/env'),
    ]);
    expect(r.stdout).toBe(
      'Perth Mobile Tyres <bookings@example.com.au>|smtp://bookings:p%40ss@mail.example.com.au:587|127.0.0.1',
    );
  });

  it('installs the unit as the template, with StateDirectory and the current release', () => {
    const unit = read(root, 'etc/systemd/system/tyre-booking@.service');
    expect(unit).toBe(fs.readFileSync(path.join(DEPLOY, 'tyre-booking.service'), 'utf8'));
    expect(unit).toMatch(/^StateDirectory=tyre-booking$/m);
    expect(unit).toMatch(/^WorkingDirectory=\/srv\/tyre-booking\/current$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/srv\/tyre-booking\/current\/dist\/server\/main\.js$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/tyre-booking\/instance-%i\.env$/m);
    expect(unit).not.toMatch(/ReadWritePaths/);
    expect(modeOf(root, 'etc/systemd/system/tyre-booking@.service')).toBe(0o644);
  });

  it('enables the TLS site once certbot has run, keeps the bootstrap site aside, reloads nginx on renewal', () => {
    const enabled = path.join(root, 'etc/nginx/sites-enabled');
    expect(fs.readdirSync(enabled)).toEqual(['tyre-booking']);
    expect(fs.readlinkSync(path.join(enabled, 'tyre-booking'))).toBe('/etc/nginx/sites-available/tyre-booking');
    expect(read(root, 'etc/nginx/sites-available/tyre-booking')).toContain(`/etc/letsencrypt/live/${DOMAIN}/`);
    expect(read(root, 'etc/nginx/sites-available/tyre-booking-bootstrap')).toContain(`server_name ${DOMAIN};`);
    expect(fs.statSync(path.join(root, 'var/www/certbot')).isDirectory()).toBe(true);
    const hook = 'etc/letsencrypt/renewal-hooks/deploy/reload-nginx';
    expect(modeOf(root, hook)).toBe(0o755);
    expect(read(root, hook)).toMatch(/^exec systemctl reload nginx$/m);
    const out = first.stdout;
    // The bootstrap site was checked and loaded before certbot asked for the certificate.
    const bootstrap = out.indexOf('bootstrap site, until the certificate');
    const certbot = out.search(/^\+ certbot certonly --webroot -w \/var\/www\/certbot -d tyres\.example\.com\.au /m);
    expect(bootstrap).toBeGreaterThan(-1);
    expect(certbot).toBeGreaterThan(bootstrap);
    expect(out.slice(certbot)).toMatch(/^\+ nginx -t -q\n\+ systemctl reload-or-restart nginx$/m);
  });

  it('says what it would run: packages, Node.js 24 from NodeSource, the user, the instances, the firewall', () => {
    const out = first.stdout;
    expect(out).toMatch(
      /apt-get install -y -q --no-install-recommends ca-certificates curl gnupg git nginx certbot postgresql/,
    );
    expect(read(root, 'etc/apt/sources.list.d/nodesource.list')).toBe(
      'deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_24.x nodistro main\n',
    );
    expect(read(root, 'etc/apt/preferences.d/nodesource')).toContain('Pin: origin deb.nodesource.com');
    expect(out).toMatch(/^\+ useradd --system .* tyres$/m);
    expect(out).toMatch(
      /^\+ systemctl enable --quiet tyre-booking@1\n[^]*^\+ systemctl enable --quiet tyre-booking@2$/m,
    );
    if (out.includes('Firewall (ufw)')) {
      expect(out).toMatch(/^\+ ufw allow 22\/tcp\n\+ ufw allow 80\/tcp\n\+ ufw allow 443\/tcp$/m);
    } else {
      expect(read(root, 'etc/tyre-booking/firewall.nft')).toMatch(/policy drop;[^]*tcp dport \{ 22, 80, 443 \} accept/);
      expect(read(root, 'etc/nftables.conf')).toContain('include "/etc/tyre-booking/firewall.nft"');
    }
  });

  it('run again, changes nothing: same password, a line the owner added kept, no restart', () => {
    const envFile = path.join(root, 'etc/tyre-booking/env');
    fs.appendFileSync(envFile, 'BUSINESS_NAME="Perth Mobile Tyres"\n');
    const before = fs.readFileSync(envFile, 'utf8');
    // No --domain or --email: the domain is the env file's, and the certificate is there now.
    fs.mkdirSync(path.join(root, `etc/letsencrypt/live/${DOMAIN}`), { recursive: true });
    fs.writeFileSync(path.join(root, `etc/letsencrypt/live/${DOMAIN}/fullchain.pem`), '');
    const again = install(root, ['--yes']);
    expect(complaints(again)).toBe('');
    expect(again.status).toBe(0);
    expect(fs.readFileSync(envFile, 'utf8')).toBe(before);
    expect(again.stdout).not.toMatch(/restart tyre-booking|certbot certonly/);
    expect(again.stdout).toContain('present (certbot.timer renews it)');
  });

  it("an install from before decision 408 (the owner's URL as DATABASE_URL): the owner's password moves to DATABASE_MIGRATION_URL, the app gets tyres_app", () => {
    const envFile = path.join(root, 'etc/tyre-booking/env');
    const owner = 'postgres://tyres:' + 'a1'.repeat(24) + '@127.0.0.1:5432/tyres';
    const old = fs
      .readFileSync(envFile, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('DATABASE_MIGRATION_URL='))
      .map((line) => (line.startsWith('DATABASE_URL=') ? `DATABASE_URL=${owner}` : line))
      .join('\n');
    fs.writeFileSync(envFile, old);
    const again = install(root, ['--yes']);
    expect(complaints(again)).toBe('');
    expect(again.status).toBe(0);
    const env = fs.readFileSync(envFile, 'utf8');
    expect(env).toContain(`\nDATABASE_MIGRATION_URL=${owner}\n`);
    expect(env).toMatch(/^DATABASE_URL=postgres:\/\/tyres_app:[0-9a-f]{48}@127\.0\.0\.1:5432\/tyres$/m);
    expect(again.stdout).toMatch(/restart/i);
  });

  it('--instances 3 then 1: an instance file and upstream line each, the extra instances stopped', () => {
    expect(install(root, ['--yes', '--instances', '3']).status).toBe(0);
    expect(read(root, 'etc/tyre-booking/instance-3.env')).toContain('PORT=5003');
    expect(read(root, 'etc/nginx/sites-available/tyre-booking')).toContain('server 127.0.0.1:5003 ');
    const one = install(root, ['--yes', '--instances', '1']);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(
      /^\+ systemctl disable --now tyre-booking@2\n\+ systemctl disable --now tyre-booking@3$/m,
    );
    expect(fs.readdirSync(path.join(root, 'etc/tyre-booking')).filter((f) => f.startsWith('instance-'))).toEqual([
      'instance-1.env',
    ]);
    expect(read(root, 'etc/nginx/sites-available/tyre-booking').match(/server 127\.0\.0\.1:\d+/g)).toEqual([
      'server 127.0.0.1:5001',
    ]);
  });
});

describe('install.sh refuses, and changes nothing', () => {
  it('another system', () => {
    const root = freshRoot('refuse-os');
    const r = install(root, ['--domain', DOMAIN, '--email', 'o@example.com.au', '--yes'], {
      OS_RELEASE_FILE: osRelease('ubuntu', '22.04', 'Ubuntu 22.04.4 LTS'),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('this is Ubuntu 22.04.4 LTS: install.sh supports Debian 12 and Ubuntu 24.04 only');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it.each([
    ['', 'does not resolve'],
    ['203.0.113.9', 'resolves to 203.0.113.9, which is not this machine'],
    ['192.0.2.10 2001:db8::99', 'resolves to 2001:db8::99, which is not this machine'],
  ])('a domain resolving to [%s]', (addresses, message) => {
    const root = freshRoot(`refuse-dns-${addresses.replace(/\W/g, '-') || 'none'}`);
    const r = install(root, ['--domain', DOMAIN, '--email', 'o@example.com.au', '--yes'], {}, addresses);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('nothing was changed');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('bad arguments or keys', () => {
    const root = freshRoot('refuse-args');
    const cases: [string[], Record<string, string>, string][] = [
      [['--email', 'o@example.com.au', '--yes'], {}, '--domain'],
      [['--domain', 'not a domain', '--email', 'o@example.com.au', '--yes'], {}, 'is not a domain name'],
      [['--domain', DOMAIN, '--yes'], {}, '--email'],
      [['--domain', DOMAIN, '--email', 'o@example.com.au', '--instances', '12', '--yes'], {}, '--instances'],
      [
        ['--domain', DOMAIN, '--email', 'o@example.com.au', '--yes'],
        { STRIPE_SECRET_KEY: 'sk_live_x' },
        'STRIPE_PUBLISHABLE_KEY',
      ],
      [['--domain'], {}, '--domain needs a value'],
    ];
    for (const [args, env, message] of cases) {
      const r = install(root, args, env);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('run without root', () => {
    const asNobody = process.getuid?.() === 0 ? ['runuser', '-u', 'nobody', '--'] : [];
    const r = spawnSync(
      asNobody[0] ?? 'bash',
      [...asNobody.slice(1), ...(asNobody.length ? ['bash'] : []), path.join(DEPLOY, 'install.sh'), '--domain', DOMAIN],
      { encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('run it as root: sudo');
  });
});

describe.skipIf(!has('gpg'))("NodeSource's key", () => {
  it('is kept only with the fingerprint the script knows', () => {
    const dir = freshRoot('gpg');
    const made = bash(
      `export GNUPGHOME="$1/home"; mkdir -m 700 "$GNUPGHOME"
gpg --batch --pinentry-mode loopback --passphrase '' --quick-gen-key 'Not NodeSource <test@example.com>' ed25519 sign 1d 2>/dev/null
gpg --batch --armor --export test@example.com > "$1/key.asc"
gpgconf --kill all 2>/dev/null || true`,
      [dir],
    );
    expect(made.status, made.stderr).toBe(0);
    const key = path.join(dir, 'key.asc');
    const fetch = (fingerprint?: string) =>
      bash(
        `source deploy/install.sh
${fingerprint ? `NODESOURCE_KEY_FINGERPRINT=${fingerprint}` : ''}
curl() { while (($# > 0)); do if [[ $1 == -o ]]; then cp "$KEY" "$2"; fi; shift; done; }
key_fingerprints "$KEY"
fetch_nodesource_key "$1"`,
        [path.join(dir, 'nodesource.gpg')],
        { KEY: key },
      );
    const refused = fetch();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('not 6F71F525282841EEDAF851B42F59B5F99B1BE0B4: refused');
    expect(fs.existsSync(path.join(dir, 'nodesource.gpg'))).toBe(false);
    const fingerprint = refused.stdout.trim();
    expect(fingerprint).toMatch(/^[0-9A-F]{40}$/);
    const kept = fetch(fingerprint);
    expect(kept.stderr).toBe('');
    expect(kept.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'nodesource.gpg'))[0]).not.toBe('-'.charCodeAt(0));
  });
});

describe('releases: upgrade.sh and rollback.sh in test mode', () => {
  const root = path.join(scratch, 'releases');
  const app = path.join(root, 'srv/tyre-booking');
  const restarts = path.join(scratch, 'restarts.log');
  const source = path.join(scratch, 'source');

  const git = (...args: string[]) => {
    const r = spawnSync('git', ['-C', source, ...args], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.trim();
  };
  const commit = (message: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
      fs.writeFileSync(path.join(source, file), text);
    }
    git('add', '-A');
    git('commit', '-q', '-m', message);
  };
  const journal = (...tags: string[]) =>
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: tags.map((tag, idx) => ({ idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true })),
    });

  /** upgrade.sh or rollback.sh, each restart logged with the release `current` named at that moment; an
   * instance is healthy unless its release holds a file BROKEN. */
  const deploy = (script: 'upgrade' | 'rollback', ...args: string[]) => {
    fs.writeFileSync(restarts, '');
    return bash(
      `source deploy/${script}.sh
restart_instance() { printf '%s %s\\n' "$1" "$(readlink "$APP_DIR/current")" >> "$RESTARTS"; }
wait_healthy() { [[ ! -e $APP_DIR/current/BROKEN ]]; }
${script}_main "$@"`,
      args,
      { DEPLOY_ROOT: root, RESTARTS: restarts },
    );
  };
  const link = (name: string) => fs.readlinkSync(path.join(app, name));
  const restartLog = () => fs.readFileSync(restarts, 'utf8').trim().split('\n').filter(Boolean);
  const releases = () => fs.readdirSync(path.join(app, 'releases')).sort();
  let first = '';

  beforeAll(() => {
    fs.mkdirSync(source, { recursive: true });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'deploy-test@example.com');
    git('config', 'user.name', 'deploy test');
    const checker = fs.readFileSync(path.join(ROOT, 'scripts/check-migrations.mjs'), 'utf8');
    commit('first', {
      'scripts/check-migrations.mjs': checker,
      'drizzle/0000_init.sql': 'CREATE TABLE "jobs" ("id" integer, "notes" text);',
      'drizzle/meta/_journal.json': journal('0000_init'),
    });
    git('tag', 'v1.0.0');
    commit('second', {
      'drizzle/0001_add.sql': 'ALTER TABLE "jobs" ADD COLUMN "van" text;',
      'drizzle/meta/_journal.json': journal('0000_init', '0001_add'),
    });
    git('tag', 'v1.1.0');
    git('checkout', '-q', '-b', 'broken');
    commit('does not start', { BROKEN: 'this release never answers /healthz\n' });
    git('checkout', '-q', '-b', 'contracting', 'v1.1.0');
    commit('drops a column', {
      'drizzle/0002_drop.sql': 'ALTER TABLE "jobs" DROP COLUMN "notes";',
      'drizzle/meta/_journal.json': journal('0000_init', '0001_add', '0002_drop'),
    });
    git('checkout', '-q', '-b', 'contract', 'v1.1.0');
    commit('drops a column nothing reads', {
      'drizzle/0002_contract.sql':
        '-- contract: nothing reads jobs.notes since v1.1.0\nALTER TABLE "jobs" DROP COLUMN "notes";',
      'drizzle/meta/_journal.json': journal('0000_init', '0001_add', '0002_contract'),
    });
    git('checkout', '-q', 'main');

    fs.mkdirSync(path.join(root, 'etc/tyre-booking'), { recursive: true });
    fs.mkdirSync(app, { recursive: true });
    fs.writeFileSync(path.join(root, 'etc/tyre-booking/instance-1.env'), 'PORT=5001\n');
    fs.writeFileSync(path.join(root, 'etc/tyre-booking/instance-2.env'), 'PORT=5002\n');
    expect(spawnSync('git', ['clone', '-q', source, path.join(app, 'repo')]).status).toBe(0);
    // The release install.sh would have built: v1.0.0.
    first = '20200101T000000Z-v1.0.0';
    const made = bash(
      'source deploy/releases.sh; make_release "$(resolve_ref v1.0.0)" v1.0.0 >/dev/null; mv "$RELEASES_DIR/$NEW_RELEASE" "$RELEASES_DIR/$1"; point_link current "$1"',
      [first],
      { DEPLOY_ROOT: root },
    );
    expect(made.status, made.stderr).toBe(0);
  });

  it('upgrade.sh <ref> builds a release of it, checks its new migrations, then restarts the instances one at a time', () => {
    const r = deploy('upgrade', 'main');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const current = path.basename(link('current'));
    expect(current).toMatch(/^\d{8}T\d{6}Z-v1\.1\.0$/);
    expect(link('current')).toBe(`releases/${current}`);
    expect(link('previous')).toBe(`releases/${first}`);
    expect(fs.readFileSync(path.join(app, 'current/drizzle/0001_add.sql'), 'utf8')).toContain('ADD COLUMN');
    expect(read(root, 'srv/tyre-booking/current/.release')).toMatch(/^commit=[0-9a-f]{40}\nref=main\nbuilt=/);
    expect(r.stdout).toMatch(/^ok {7}0001_add$/m);
    expect(r.stdout).not.toMatch(/0000_init/);
    expect(r.stdout).toMatch(/npm ci --include=dev --no-audit\n[^]*npm run build\n/);
    expect(restartLog()).toEqual([`1 releases/${current}`, `2 releases/${current}`]);
    // A server installed before the secrets key gets one, which the new release needs to start.
    expect(read(root, 'etc/tyre-booking/env')).toMatch(/^SECRETS_KEY=[A-Za-z0-9+/]{43}=$/m);
  });

  it('a release whose first instance does not answer: current goes back, that instance restarts on the old one, exit 1', () => {
    const before = link('current');
    const count = releases().length;
    const r = deploy('upgrade', 'broken');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tyre-booking@1 did not start/);
    expect(r.stderr).toContain(`back on release ${path.basename(before)}, which serves`);
    expect(link('current')).toBe(before);
    const broken = restartLog()[0]!.split(' ')[1];
    expect(broken).not.toBe(before);
    expect(restartLog()).toEqual([`1 ${broken}`, `1 ${before}`]);
    expect(releases()).toHaveLength(count);
  });

  it('a release with a migration that is not expand only: refused before any switch, exit 1', () => {
    const before = link('current');
    const count = releases().length;
    const r = deploy('upgrade', 'contracting');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/REFUSED {2}0002_drop\n {2}- drops column "jobs"\."notes"/);
    expect(r.stderr).toContain(`still on release ${path.basename(before)}, nothing changed`);
    expect(link('current')).toBe(before);
    expect(restartLog()).toEqual([]);
    expect(releases()).toHaveLength(count);
  });

  it('an unknown ref: nothing changed', () => {
    const r = deploy('upgrade', 'no-such-ref');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("knows no commit called 'no-such-ref'");
  });

  it('rollback.sh goes back to previous, one instance at a time; again, returns', () => {
    const upgraded = link('current');
    const r = deploy('rollback');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(link('current')).toBe(`releases/${first}`);
    expect(link('previous')).toBe(upgraded);
    expect(restartLog()).toEqual([`1 releases/${first}`, `2 releases/${first}`]);
    const list = deploy('rollback', '--list');
    expect(list.stdout).toContain(`${first}  (v1.0.0) <- current`);
    expect(list.stdout).toContain(`${path.basename(upgraded)}  (main) <- previous`);
    expect(deploy('rollback').status).toBe(0);
    expect(link('current')).toBe(upgraded);
    expect(deploy('rollback', 'no-such-release')).toMatchObject({ status: 1 });
  });

  it('a migration marked `-- contract:` goes through; a rollback past it says what it removed', () => {
    const up = deploy('upgrade', 'contract');
    expect(up.stderr).toBe('');
    expect(up.status).toBe(0);
    expect(up.stdout).toContain('allowed  0002_contract (contract: nothing reads jobs.notes since v1.1.0)');
    const back = deploy('rollback');
    expect(back.status).toBe(0);
    expect(back.stderr).toContain('0002_contract: contract: nothing reads jobs.notes since v1.1.0');
    expect(deploy('rollback').stderr).toBe('');
    expect(releases()).toHaveLength(3);
  });

  it('keeps the newest 3 releases, and always current and previous; removes unfinished builds', () => {
    const dir = path.join(root, 'prune');
    const names = [
      '20260101T000000Z-a',
      '20260102T000000Z-b',
      '20260103T000000Z-c',
      '20260104T000000Z-d',
      '20260105T000000Z-e',
    ];
    for (const name of names) {
      fs.mkdirSync(path.join(dir, 'srv/tyre-booking/releases', name), { recursive: true });
      fs.writeFileSync(path.join(dir, 'srv/tyre-booking/releases', name, '.release'), 'ref=x\n');
    }
    fs.mkdirSync(path.join(dir, 'srv/tyre-booking/releases/20260106T000000Z-f'));
    const r = bash(
      'source deploy/releases.sh; point_link current 20260101T000000Z-a; point_link previous 20260103T000000Z-c; prune_releases',
      [],
      { DEPLOY_ROOT: dir },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'srv/tyre-booking/releases')).sort()).toEqual([
      '20260101T000000Z-a',
      '20260103T000000Z-c',
      '20260105T000000Z-e',
    ]);
    expect(r.stdout).toContain('Removing unfinished build 20260106T000000Z-f');
  });
});

describe("a restart takes the instance out of nginx's list (docs/decisions/405-upgrade-drill.md)", () => {
  /** activate_release from release a to b on `instances` instances, with the site install.sh renders. */
  const switchOver = (name: string, instances: number) => {
    const root = freshRoot(name);
    const log = path.join(root, 'restarts.log');
    const r = bash(
      `source deploy/install.sh
DOMAIN=${DOMAIN}; INSTANCES=${instances}
mkdir -p "$CONF_DIR" "$(dirname "$NGINX_SITE")" "$RELEASES_DIR/a" "$RELEASES_DIR/b"
for ((n = 1; n <= INSTANCES; n++)); do printf 'PORT=%d\n' $((5000 + n)) > "$CONF_DIR/instance-$n.env"; done
render_site deploy/nginx-site.conf > "$NGINX_SITE"
point_link current a
restart_instance() { printf '%s: %s\n' "$1" "$(grep -oE 'server 127[^;]*;' "$NGINX_SITE" | paste -sd ' ')" >> "$LOG"; }
wait_healthy() { true; }
activate_release b`,
      [],
      { DEPLOY_ROOT: root, LOG: log },
    );
    return {
      r,
      restarts: fs.readFileSync(log, 'utf8').trim().split('\n'),
      site: read(root, 'etc/nginx/sites-available/tyre-booking'),
    };
  };

  it('each instance is down in the site while it restarts, nginx reloaded each time, all back in after', () => {
    const { r, restarts, site } = switchOver('drain-two', 2);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const up = (port: number) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`;
    const down = (port: number) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s down;`;
    expect(restarts).toEqual([`1: ${down(5001)} ${up(5002)}`, `2: ${up(5001)} ${down(5002)}`]);
    expect(r.stdout.match(/^\+ nginx -t -q\n\+ systemctl reload nginx$/gm)).toHaveLength(4);
    expect(site).toContain(`${up(5001)}\n    ${up(5002)}`);
  });

  it('one instance stays in the list: there is no other to send requests to', () => {
    const { r, restarts, site } = switchOver('drain-one', 1);
    expect(r.status).toBe(0);
    expect(restarts).toEqual(['1: server 127.0.0.1:5001 max_fails=1 fail_timeout=2s;']);
    expect(r.stdout).not.toContain('reload nginx');
    expect(site).not.toContain(' down;');
  });
});

describe.skipIf(!has('systemd-analyze') || !fs.existsSync('/usr/bin/node'))('the systemd unit', () => {
  it('systemd-analyze verify finds nothing to say', () => {
    const dir = freshRoot('systemd');
    fs.copyFileSync(path.join(DEPLOY, 'tyre-booking.service'), path.join(dir, 'tyre-booking@.service'));
    const r = spawnSync('systemd-analyze', ['verify', path.join(dir, 'tyre-booking@1.service')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
