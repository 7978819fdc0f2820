// Runs the steps of `npm run check` and `npm test` as child processes, several at once within a
// budget of cores (docs/decisions/265-parallel-test-steps.md). Each step's output is kept and
// printed whole when it ends, so steps side by side never interleave their lines.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} cmd
 * @property {string[]} args
 * @property {Record<string, string>} [env]
 * @property {string[]} [needs] names of steps that must pass first (ignored when not selected)
 * @property {number} [cores] how many cores it keeps busy (default 1)
 * @property {string} [report] a Vitest step: where its JSON report goes, for the closing count
 * @property {boolean} [writesReport] the step's command writes `report` itself (it is only read)
 *
 * @typedef {object} Outcome
 * @property {Step} step
 * @property {'passed' | 'failed' | 'skipped'} status
 * @property {number} seconds
 * @property {string} output
 * @property {boolean} live its output was printed as it came (the step ran alone)
 * @property {{ passed: number, failed: number } | undefined} tests
 */

/** `--cores=N` on the command line, else `fallback` (the machine's cores). */
export function coresFromArgs(argv, fallback = os.availableParallelism()) {
  const given = argv.find((a) => a.startsWith('--cores='));
  const n = given ? Number(given.slice('--cores='.length)) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`--cores must be a whole number of at least 1, not ${given}`);
  return n;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readReport(file) {
  if (!file || !fs.existsSync(file)) return undefined;
  const { numPassedTests = 0, numFailedTests = 0 } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: numPassedTests, failed: numFailedTests };
}

function run(step, colour, live) {
  const started = Date.now();
  const args =
    step.report && !step.writesReport
      ? [...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${step.report}`]
      : step.args;
  if (step.report) {
    fs.mkdirSync(path.dirname(step.report), { recursive: true });
    fs.rmSync(step.report, { force: true });
  }
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(step.cmd, args, {
      env: { ...process.env, FORCE_COLOR: colour ? '1' : '0', ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      chunks.push(d);
      if (live) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      chunks.push(d);
      if (live) process.stderr.write(d);
    });
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString();
      resolve({
        step,
        status: code === 0 ? 'passed' : 'failed',
        seconds: (Date.now() - started) / 1000,
        output: code === 0 ? output : `${output}\n(exit ${code ?? signal})\n`,
        live,
        tests: readReport(step.report),
      });
    });
  });
}

/**
 * Starts every step whose `needs` have passed, in list order, while the cores it takes fit the
 * budget (a step as big as the budget runs alone, its output shown live). A failure starts nothing
 * new unless `keepGoing`; steps already running finish. `show(outcome)` prints a step's kept
 * output when it ends.
 * @param {Step[]} steps
 * @param {{ cores: number, keepGoing: boolean, colour: boolean, show: (o: Outcome) => void }} opts
 * @returns {Promise<Outcome[]>} in the order of `steps`
 */
export async function runSteps(steps, { cores, keepGoing, colour, show }) {
  const names = new Set(steps.map((s) => s.name));
  const outcomes = new Map();
  const running = new Map();
  let busy = 0;
  let failed = false;
  const ready = (s) => (s.needs ?? []).every((n) => !names.has(n) || outcomes.get(n)?.status === 'passed');
  const blocked = (s) =>
    (s.needs ?? []).some((n) => names.has(n) && outcomes.has(n) && outcomes.get(n).status !== 'passed');

  for (;;) {
    for (const s of steps) {
      if (outcomes.has(s.name) || running.has(s.name)) continue;
      if (blocked(s) || (failed && !keepGoing)) {
        outcomes.set(s.name, { step: s, status: 'skipped', seconds: 0, output: '', live: false, tests: undefined });
        continue;
      }
      const need = Math.min(s.cores ?? 1, cores);
      if (!ready(s) || busy + need > cores) continue;
      busy += need;
      // A step that takes every core runs alone: its lines can show as they come.
      const live = need >= cores;
      console.log(`> ${s.name} started`);
      running.set(
        s.name,
        run(s, colour, live).then((o) => ({ o, need })),
      );
    }
    if (running.size === 0) break;
    const { o, need } = await Promise.race(running.values());
    running.delete(o.step.name);
    busy -= need;
    outcomes.set(o.step.name, o);
    if (o.status === 'failed') failed = true;
    show(o);
  }
  return steps.map((s) => outcomes.get(s.name));
}

/** One line per step with its time, then the wall-clock total. */
export function printTimes(outcomes, startedAt) {
  console.log('');
  for (const o of outcomes)
    console.log(
      `${o.status.padEnd(7)} ${o.status === 'skipped' ? '' : seconds(o.seconds * 1000).padStart(8)}  ${o.step.name}`,
    );
  console.log(`total   ${seconds(Date.now() - startedAt).padStart(8)}`);
}
