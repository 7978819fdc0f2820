export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and move, so "now" can be a Perth Friday at 13:59 without sleeping. */
export function fixedClock(start: Date | string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(to: Date | string) {
      current = new Date(to);
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * A clock that starts at `start` and runs on in real time: the server's clock under
 * TEST_CLOCK_START, so browser tests know what "now" is (decision 181). Never used in production
 * (config.ts refuses the setting there).
 */
export function clockStartingAt(start: Date, real: Clock = systemClock): Clock {
  const offsetMs = start.getTime() - real.now().getTime();
  return { now: () => new Date(real.now().getTime() + offsetMs) };
}
