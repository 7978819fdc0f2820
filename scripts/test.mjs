#!/usr/bin/env node
// `npm test`: typecheck, lint, unused code, unit, API (PGlite and PostgreSQL), build, browser and system tests:
// everything CI runs. Independent steps run side by side within the machine's cores; a failure
// starts nothing new (docs/decisions/265-parallel-test-steps.md). `node scripts/test.mjs build
// system` runs only the steps whose names start so; `--cores=1` runs one step at a time.
import fs from 'node:fs';
import { ENGINE_SPECIFIC_API_TESTS } from './lib/engine-specific-tests.mjs';
import { coresFromArgs, printTimes, runSteps } from './lib/steps.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with \`sudo apt-get update && sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
const missingSystem = [
  ['nginx', ['/usr/sbin/nginx', '/usr/bin/nginx'], 'nginx'],
  [
    'PostgreSQL server binaries',
    ['/usr/lib/postgresql/15/bin/initdb', '/usr/lib/postgresql/16/bin/initdb', '/usr/lib/postgresql/17/bin/initdb'],
    'postgresql',
  ],
].filter(([, paths]) => !paths.some((p) => fs.existsSync(p)));
if (missingSystem.length) {
  const names = missingSystem.map(([what]) => what).join(' and ');
  console.error(
    `The system tests need ${names}: install with \`sudo apt-get update && sudo apt-get install -y ${missingSystem.map(([, , pkg]) => pkg).join(' ')}\`.`,
  );
  process.exit(1);
}

const bin = (name) => `node_modules/.bin/${name}`;
const FUZZ = 'tests/api/contract-fuzz.test.ts';
// Vitest steps also write a JSON report, so the run can close with one count of every test.
const vitest = (name, args, more = {}) => ({
  name,
  cmd: bin('vitest'),
  args: ['run', ...args],
  report: `test-results/${name.replace(/\W+/g, '-')}.json`,
  ...more,
});
// Started in list order, one core each unless said, two at a time on two cores: the longest
// one-core step (the API suite) first, so the short ones fill the other core beside it. The
// browser tests take both cores, so they run once everything before them is done.
const steps = [
  vitest('API tests (PGlite)', ['--project', 'api', '--exclude', FUZZ]),
  // The contract fuzz sends its whole table of hostile inputs here, a fixed sample in `npm run
  // check`: a step of its own, so the longest step is shorter and the two cores share the work
  // (docs/decisions/391-check-loop-budget.md).
  vitest('contract fuzz, every request (PGlite)', ['--project', 'api', FUZZ], { env: { CONTRACT_FUZZ: 'all' } }),
  // The browser and system tests wait for it.
  // Under NODE_ENV=development on purpose: the bundle must still be production's, and the
  // build-mode browser test checks this one build instead of making a second (decisions 186, 391).
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'], env: { NODE_ENV: 'development' } },
  // Whole processes over a real PostgreSQL server and nginx: the cluster, crash safety, backups, the
  // upgrade drill. Counted as one core though they use a little more: much of their time is spent
  // waiting (a drill's steady 30 requests a second, instances restarting), so they run beside the
  // one-core steps as soon as the build is there (docs/decisions/425-ci-steps-fill-both-cores.md).
  vitest('system tests', ['--project', 'system'], { needs: ['build'] }),
  // The API files whose verdict can differ by engine, again on a throwaway PostgreSQL server, where
  // requests at once truly overlap (scripts/lib/engine-specific-tests.mjs says which and why); beside the
  // PGlite run (docs/decisions/383-postgresql-suite-in-npm-test.md, 391-check-loop-budget.md).
  {
    name: 'API tests (PostgreSQL)',
    cmd: 'node',
    args: ['scripts/test-pg.mjs', ...ENGINE_SPECIFIC_API_TESTS],
    report: 'test-results/api-postgresql.json',
    writesReport: true,
  },
  // TypeScript 7's native compiler: about 12 s for the whole project where TypeScript 5 took 97 s
  // (typescript-eslint and knip still use TypeScript 5's compiler API; docs/decisions/391-check-loop-budget.md).
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'format (Biome)', cmd: 'npm', args: ['run', 'format:check', '--silent'] },
  // A migration the previous release cannot run beside is refused (docs/decisions/398-install-and-releases.md).
  { name: 'migrations expand only', cmd: 'npm', args: ['run', 'check:migrations', '--silent'] },
  // One definition of what is linted: package.json's lint script (ESLint without a cache, then
  // import circles).
  { name: 'lint', cmd: 'npm', args: ['run', 'lint', '--silent'] },
  { name: 'unused code (knip)', cmd: 'npm', args: ['run', 'knip', '--silent'] },
  vitest('unit tests', ['--project', 'unit']),
  // Perth time must not depend on the server's zone (docs/product.md "Time slots and business
  // days"): every Perth-time rule runs again from New York, 12 or 13 hours behind. The unit project holds
  // the pure rules (days, slots, holidays, the email's visit date and calendar times); the API
  // areas below decide "today", passed slots, the booking horizon and holds through the database.
  vitest('unit tests (TZ=America/New_York)', ['--project', 'unit'], { env: { TZ: 'America/New_York' } }),
  vitest(
    'API tests of Perth time (TZ=America/New_York)',
    ['--project', 'api', 'src/server/slots', 'src/server/bookings', 'src/server/holds'],
    { env: { TZ: 'America/New_York' } },
  ),
  // The documented runtime beside the machine's own: with NODE24 naming a Node.js 24 binary (CI
  // installs the registry's `node@24`), the unit suite runs on it too, and `npm run test:pg` runs
  // the API suite on it (decisions 339 and 341).
  ...(process.env.NODE24
    ? [
        vitest('unit tests (Node 24)', ['--project', 'unit'], {
          cmd: process.env.NODE24,
          args: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit'],
        }),
      ]
    : []),
  // Two files at a time, each worker on a built server of its own.
  vitest('browser tests', ['--project', 'e2e'], { needs: ['build'], cores: 2 }),
];

const argv = process.argv.slice(2);
const only = argv.filter((a) => !a.startsWith('--'));
const selected = steps.filter((s) => !only.length || only.some((o) => s.name.startsWith(o)));
fs.mkdirSync('test-results', { recursive: true });
const startedAt = Date.now();
const outcomes = await runSteps(selected, {
  cores: coresFromArgs(argv),
  keepGoing: false,
  colour: !process.env.CI,
  show(o) {
    if (!o.live) console.log(`\n=== ${o.step.name} ===\n${o.output.trimEnd()}`);
    console.log(`--- ${o.step.name} ${o.status} in ${o.seconds.toFixed(1)} s`);
  },
});
printTimes(outcomes, startedAt);
const totals = { passed: 0, failed: 0 };
for (const o of outcomes) {
  totals.passed += o.tests?.passed ?? 0;
  totals.failed += o.tests?.failed ?? 0;
}
const failed = outcomes.filter((o) => o.status === 'failed');
if (failed.length) {
  console.error(
    `\nFailed: ${failed.map((o) => o.step.name).join(', ')}; not run: ${
      outcomes
        .filter((o) => o.status === 'skipped')
        .map((o) => o.step.name)
        .join(', ') || 'none'
    }.`,
  );
  console.log(`Tests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
  process.exit(1);
}
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
