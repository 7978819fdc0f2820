import { describe, expect, it, vi } from 'vitest';
import { createRetryLoop, retryDelayMs } from './retry';

describe('the waits between tries of the offline queue (decision 402)', () => {
  it('start at 5 s, double, and stay at a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('schedules one try after each failure, later each time, and starts over after a success or an "at once"', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const loop = createRetryLoop(run, {
        setTimeout: (f, ms) => setTimeout(f, ms) as unknown as number,
        clearTimeout: (id) => clearTimeout(id),
      });
      const waits: (number | null)[] = [];
      for (let i = 0; i < 6; i++) {
        loop.failed();
        loop.failed(); // a second report while one try is scheduled changes nothing
        waits.push(loop.scheduledMs());
        vi.advanceTimersByTime(loop.scheduledMs()! - 1);
        expect(run).toHaveBeenCalledTimes(i);
        vi.advanceTimersByTime(1);
        expect(run).toHaveBeenCalledTimes(i + 1);
      }
      expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);

      loop.succeeded();
      loop.failed();
      expect(loop.scheduledMs()).toBe(5_000);
      loop.failed();
      loop.now(); // the "online" event, or a request answered: a try at once, the waits start over
      expect(run).toHaveBeenCalledTimes(7);
      expect(loop.scheduledMs()).toBeNull();
      vi.advanceTimersByTime(120_000);
      expect(run).toHaveBeenCalledTimes(7);
      loop.failed();
      expect(loop.scheduledMs()).toBe(5_000);
      loop.stop();
      vi.advanceTimersByTime(120_000);
      expect(run).toHaveBeenCalledTimes(7);
    } finally {
      vi.useRealTimers();
    }
  });
});
