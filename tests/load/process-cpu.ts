import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * CPU time spent by the app under test and its database server, read from /proc (Linux only), so
 * a benchmark can say what one answer costs each of them (docs/benchmarks.md). On a machine with
 * two cores the sum bounds the rate whatever the code does with its waits.
 */
export type CpuSample = {
  /** The app's event loop. */
  appMain: number;
  /** The app's other threads by thread id: the embedded database's, the garbage collector's, libuv's pool. */
  appOther: Map<number, number>;
  /** The PostgreSQL server's processes, when there is one. */
  server: number;
};

const hasProc = fs.existsSync('/proc/self/stat');
const TICK_MS = hasProc ? 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100) : 0;

/** The fields of a /proc stat line after the command name (which may hold spaces). */
function statFields(file: string): string[] | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process or thread ended
  }
}

/** User plus system time in ms: fields 14 and 15 of stat(5), 11 and 12 after the name and state. */
const cpuMs = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * TICK_MS;

/** The postmaster of a data directory and its children (backends, writers), by their parent. */
function serverProcesses(dataDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [postmaster];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(`/proc/${entry}/stat`);
    if (fields && Number(fields[1]) === postmaster) pids.push(Number(entry));
  }
  return pids;
}

/**
 * What the app (by process id) and the PostgreSQL server (by data directory) have used so far;
 * null off Linux. A difference of two samples is what happened between them.
 */
export function sampleCpu(appPid: number | undefined, serverDataDir?: string): CpuSample | null {
  if (!hasProc || appPid === undefined) return null;
  let appMain = 0;
  const appOther = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${appPid}/task`)) {
    const fields = statFields(`/proc/${appPid}/task/${tid}/stat`);
    if (!fields) continue;
    if (Number(tid) === appPid) appMain = cpuMs(fields);
    else appOther.set(Number(tid), cpuMs(fields));
  }
  let server = 0;
  if (serverDataDir)
    for (const pid of serverProcesses(serverDataDir)) {
      const fields = statFields(`/proc/${pid}/stat`);
      if (fields) server += cpuMs(fields);
    }
  return { appMain, appOther, server };
}

/**
 * "app 14.2 ms (event loop 4.6, busiest other thread 8.9), ...: 14.2 ms each; 2 cores allow 141/s".
 * On the embedded database the busiest other thread is the database's own, which runs one
 * statement at a time: one answer in its time is a bound of its own.
 */
export function cpuPerAnswer(
  before: CpuSample | null,
  after: CpuSample | null,
  answers: number,
  cores: number,
): string | null {
  if (!before || !after || answers === 0) return null;
  const main = (after.appMain - before.appMain) / answers;
  const others = [...after.appOther].map(([tid, ms]) => (ms - (before.appOther.get(tid) ?? 0)) / answers);
  const other = others.reduce((a, b) => a + b, 0);
  const busiest = Math.max(0, ...others);
  const server = (after.server - before.server) / answers;
  const total = main + other + server;
  const f = (ms: number) => ms.toFixed(1);
  return (
    `app ${f(main + other)} ms (event loop ${f(main)}, busiest other thread ${f(busiest)})` +
    (server > 0 ? `, PostgreSQL ${f(server)} ms` : '') +
    `: ${f(total)} ms each; ${cores} cores allow ${Math.round((cores * 1000) / total)}/s`
  );
}
