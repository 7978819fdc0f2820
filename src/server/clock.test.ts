import { describe, expect, it } from 'vitest';
import { clockStartingAt, fixedClock } from './clock';

describe('clockStartingAt (TEST_CLOCK_START)', () => {
  it('starts at the given instant and runs on with the real clock', () => {
    const real = fixedClock('2031-05-06T10:00:00.000Z');
    const clock = clockStartingAt(new Date('2026-11-22T23:00:00.000Z'), real);
    expect(clock.now().toISOString()).toBe('2026-11-22T23:00:00.000Z');
    real.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-22T23:01:30.000Z');
  });
});
