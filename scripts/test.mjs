#!/usr/bin/env node
// `npm test`: typecheck, lint, unused code, unit, API (PGlite), build, browser tests. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it with \`sudo apt-get update && sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}
const missingSystem = [
  ['nginx', ['/usr/sbin/nginx', '/usr/bin/nginx'], 'nginx'],
  ['PostgreSQL server binaries', ['/usr/lib/postgresql/15/bin/initdb', '/usr/lib/postgresql/16/bin/initdb', '/usr/lib/postgresql/17/bin/initdb'], 'postgresql'],
].filter(([, paths]) => !paths.some((p) => fs.existsSync(p)));
if (missingSystem.length) {
  const names = missingSystem.map(([what]) => what).join(' and ');
  console.error(`The system tests need ${names}: install with \`sudo apt-get update && sudo apt-get install -y ${missingSystem.map(([, , pkg]) => pkg).join(' ')}\`.`);
  process.exit(1);
}

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  // One definition of what is linted: package.json's lint script (ESLint, then import circles).
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['unused code (knip)', 'npm', ['run', 'knip', '--silent']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  // Perth time must not depend on the server's zone (docs/product.md "Time slots and business
  // days"): every Perth-time rule runs again from New York, 12 or 13 hours behind. The unit project holds
  // the pure rules (days, slots, holidays, the email's visit date and calendar times); the API
  // areas below decide "today", passed slots, the booking horizon and holds through the database.
  ['unit tests (TZ=America/New_York)', 'npx', ['vitest', 'run', '--project', 'unit'], { TZ: 'America/New_York' }],
  ['API tests of Perth time (TZ=America/New_York)', 'npx', ['vitest', 'run', '--project', 'api', 'src/server/slots', 'src/server/bookings', 'src/server/holds'], { TZ: 'America/New_York' }],
  ['API tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'api']],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['browser tests', 'npx', ['vitest', 'run', '--project', 'e2e']],
  // Whole processes over a real PostgreSQL server and nginx: the cluster, crash safety, backups.
  ['system tests', 'npx', ['vitest', 'run', '--project', 'system']],
];

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0 };
fs.mkdirSync('test-results', { recursive: true });
for (const [name, cmd, args, env = {}] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // Vitest steps also write a JSON report, so the run can close with one count of every test.
  const report = `test-results/${name.replace(/\W+/g, '-')}.json`;
  const isVitest = args[0] === 'vitest';
  const fullArgs = isVitest ? [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : args;
  const r = spawnSync(cmd, fullArgs, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env } });
  if (isVitest && fs.existsSync(report)) {
    const { numPassedTests = 0, numFailedTests = 0 } = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
  }
  if (r.status !== 0) {
    console.error(`\n${name} failed (exit ${r.status ?? r.signal}).`);
    console.log(`Tests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`--- ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
