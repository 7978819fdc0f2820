import { describe, expect, it } from 'vitest';
import { blockingEstimate, type TraceEvent } from './thread-time';

const PAGE = { pid: 2, tid: 20 };
const OTHER = { pid: 3, tid: 30 };
const names: TraceEvent[] = [
  { name: 'thread_name', ts: 0, ...PAGE, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ts: 0, ...OTHER, args: { name: 'CrRendererMain' } },
];
const task = (at: number, wallMs: number, cpuMs: number, where = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts: at * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ...where,
});

describe("a staff page's blocking time, by the clock and by its own CPU time", () => {
  it("counts the page's tasks after its first paint, each at four times its length less 50 ms", () => {
    const events = [
      ...names,
      task(100, 200, 200), // before the first paint: not counted
      { name: 'firstContentfulPaint', ts: 500_000, ...PAGE },
      task(600, 25, 5), // waited for a core: 50 ms by the clock, nothing by its own CPU time
      task(700, 30, 20), // 70 and 30
      task(800, 10, 10), // short: nothing either way
      task(900, 60, 60, OTHER), // another renderer (about:blank, a worker): not the page
    ];
    expect(blockingEstimate(events)).toEqual({ wallMs: 120, cpuMs: 30 });
  });

  it('gives nothing for a trace without a first paint', () => {
    expect(blockingEstimate([...names, task(100, 100, 100)])).toBeNull();
  });
});
