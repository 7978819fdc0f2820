import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every, type EveryLog, type Periodic } from './every';

/**
 * The scheduler's own behaviour in one process (docs/decisions/393-one-scheduler.md), on fake
 * timers: the time moves only when the test moves it. The claim across instances runs against a
 * database in every.api.test.ts.
 */

const INTERVAL = 1_000;

function fakeLog() {
  const lines: { level: 'debug' | 'warn' | 'error'; msg: string; err?: unknown }[] = [];
  const at = (level: 'debug' | 'warn' | 'error') => (obj: unknown, msg?: string) => {
    if (typeof obj === 'string') lines.push({ level, msg: obj });
    else lines.push({ level, msg: msg ?? '', err: (obj as { err?: unknown }).err });
  };
  const log: EveryLog = { debug: at('debug'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

/** A run the test ends when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

let jobs: Periodic[] = [];
const started = (job: Periodic) => {
  jobs.push(job);
  return job;
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T00:00:00.000Z') });
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(jobs.map((j) => j.stop()));
  jobs = [];
});

describe('every', () => {
  it('runs once in each interval, in the middle of it, within the jitter', async () => {
    const { log } = fakeLog();
    const at: number[] = [];
    started(every({ name: 'test', intervalMs: INTERVAL, jitterMs: 100, log, run: () => void at.push(Date.now()) }));
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    expect(at).toHaveLength(5);
    for (const t of at) {
      expect(t % INTERVAL).toBeGreaterThanOrEqual(INTERVAL / 2);
      expect(t % INTERVAL).toBeLessThan(INTERVAL / 2 + 100);
    }
    // One run per interval: never two in the same one.
    expect(new Set(at.map((t) => Math.floor(t / INTERVAL))).size).toBe(5);
  });

  it('tells the run which tick it is: whole intervals since 1970', async () => {
    const { log } = fakeLog();
    const ticks: number[] = [];
    started(every({ name: 'test', intervalMs: INTERVAL, jitterMs: 0, log, run: (tick) => void ticks.push(tick.n) }));
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    const first = Math.floor(new Date('2026-11-23T00:00:00.000Z').getTime() / INTERVAL);
    expect(ticks).toEqual([first, first + 1]);
  });

  it('two instances started together fire at different moments (a random jitter per tick)', async () => {
    const { log } = fakeLog();
    const at: Record<string, number[]> = { a: [], b: [] };
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValueOnce(0.1).mockReturnValueOnce(0.9);
    for (const name of ['a', 'b'] as const)
      started(every({ name, intervalMs: INTERVAL, jitterMs: 100, log, run: () => void at[name]!.push(Date.now()) }));
    random.mockRestore();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(at.a).toHaveLength(1);
    expect(at.b).toHaveLength(1);
    expect(at.b![0]! - at.a![0]!).toBeGreaterThanOrEqual(70);
  });

  it('never overlaps: a tick while a run is still going is skipped, and the next one runs', async () => {
    const { log, lines } = fakeLog();
    const slow = gate();
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    started(
      every({
        name: 'slow',
        intervalMs: INTERVAL,
        jitterMs: 0,
        log,
        run: async () => {
          runs++;
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          if (runs === 1) await slow.opened;
          running--;
        },
      }),
    );
    await vi.advanceTimersByTimeAsync(4 * INTERVAL);
    expect(runs).toBe(1);
    expect(lines.filter((l) => l.msg.includes('still running'))).toHaveLength(3);
    slow.open();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(runs).toBe(2);
    expect(mostAtOnce).toBe(1);
  });

  it('stop waits for the run in progress, and no tick runs after it', async () => {
    const { log } = fakeLog();
    const slow = gate();
    let runs = 0;
    let finished = false;
    const job = started(
      every({
        name: 'slow',
        intervalMs: INTERVAL,
        jitterMs: 0,
        log,
        run: async () => {
          runs++;
          await slow.opened;
          finished = true;
        },
      }),
    );
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(stopped).toBe(false);
    slow.open();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    expect(runs).toBe(1);
    expect(await job.runNow()).toBe(false);
  });

  it('logs a failed run (thrown or rejected) and keeps ticking', async () => {
    const { log, lines } = fakeLog();
    let runs = 0;
    started(
      every({
        name: 'flaky',
        intervalMs: INTERVAL,
        jitterMs: 0,
        log,
        run: () => {
          runs++;
          if (runs === 1) throw new Error('thrown');
          if (runs === 2) return Promise.reject(new Error('rejected'));
          return undefined;
        },
      }),
    );
    await vi.advanceTimersByTimeAsync(4 * INTERVAL);
    expect(runs).toBe(4);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors.map((l) => (l.err as Error).message)).toEqual(['thrown', 'rejected']);
    expect(errors[0]!.msg).toContain('flaky');
  });

  it('runNow runs at once, outside the timer, and not while a run is going', async () => {
    const { log } = fakeLog();
    const slow = gate();
    let runs = 0;
    const job = started(
      every({
        name: 'now',
        intervalMs: 60 * INTERVAL,
        jitterMs: 0,
        log,
        run: async () => {
          runs++;
          await slow.opened;
        },
      }),
    );
    const first = job.runNow();
    expect(runs).toBe(1);
    expect(await job.runNow()).toBe(false);
    slow.open();
    expect(await first).toBe(true);
  });

  it('refuses an interval that is not a positive whole number of milliseconds', () => {
    const { log } = fakeLog();
    expect(() => every({ name: 'x', intervalMs: 0, log, run: () => undefined })).toThrow(/interval/);
    expect(() => every({ name: 'x', intervalMs: Number.NaN, log, run: () => undefined })).toThrow(/interval/);
  });
});
