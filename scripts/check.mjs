#!/usr/bin/env node
// `npm run check`: the quick loop to run after each change. Typecheck and ESLint remember what
// they already checked (in .cache/), and run beside import circles and the unit and API tests
// (PGlite); every step runs, and the command fails if any fails. `npm test` stays the whole
// thing CI runs: docs/decisions/265-parallel-test-steps.md.
import { coresFromArgs, printTimes, runSteps } from './lib/steps.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  // tsconfig.json keeps its incremental state in .cache/tsc: only changed files are checked again.
  // TypeScript 7's native compiler: about 12 s for the whole project where TypeScript 5 took 97 s
  // (typescript-eslint and knip still use TypeScript 5's compiler API; docs/decisions/391-check-loop-budget.md).
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'format (Biome)', cmd: 'npm', args: ['run', 'format:check', '--silent'] },
  // A migration the previous release cannot run beside is refused (docs/decisions/398-install-and-releases.md).
  { name: 'migrations expand only', cmd: 'npm', args: ['run', 'check:migrations', '--silent'] },
  // Type-aware rules are the slowest step; the cache re-lints only files whose text changed, so a
  // rule that depends on another file's types is caught by `npm test` (no cache) if not here.
  {
    name: 'lint (ESLint, cached)',
    cmd: 'npm',
    args: [
      'run',
      'lint:eslint',
      '--silent',
      '--',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      '.cache/eslint/',
    ],
  },
  { name: 'import circles', cmd: 'npm', args: ['run', 'lint:cycles', '--silent'] },
  // One Vitest process for both projects shares its workers; two of them keep both cores busy
  // once the typecheck and lint are done (Vitest's default leaves one core free).
  {
    name: 'unit and API tests (PGlite)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'unit', '--project', 'api', '--maxWorkers=2'],
    cores: 2,
    report: 'test-results/check.json',
  },
];

const colour = Boolean(process.stdout.isTTY) && !process.env.CI;
const tail = (text, lines) =>
  text
    .trimEnd()
    .split('\n')
    .filter((l) => l.trim())
    .slice(-lines)
    .join('\n');
const startedAt = Date.now();
const outcomes = await runSteps(steps, {
  // All at once: the typecheck and ESLint use one core each, and Vitest takes what they leave.
  cores: coresFromArgs(process.argv.slice(2), steps.length * 2),
  keepGoing: true,
  colour,
  show(o) {
    // A passing step shows only its summary; a failing one everything it printed.
    const body = o.live ? '' : o.status === 'passed' ? tail(o.output, 4) : o.output.trimEnd();
    console.log(`\n=== ${o.step.name} ${o.status} in ${o.seconds.toFixed(1)} s ===${body ? `\n${body}` : ''}`);
  },
});
printTimes(outcomes, startedAt);
const failed = outcomes.filter((o) => o.status !== 'passed');
if (failed.length) {
  console.error(`\nFailed: ${failed.map((o) => o.step.name).join(', ')}`);
  process.exit(1);
}
