/**
 * When the phone tries its waiting changes again (docs/decisions/402-providers-down-offline-retry-rtl.md):
 * a few seconds after a failed try, doubling, at most a minute apart, whatever navigator.onLine says
 * (a phone's browser may report a network that does not answer); at once on the "online" event or
 * any request that the server answered.
 */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 60_000;

/** The wait before the next try after `failures` failed tries in a row (0: the first failure). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(failures, 16)));
}

type Timers = {
  setTimeout: (run: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
};

export type RetryLoop = {
  /** A try failed (no answer, or a 5xx): the next is scheduled, later each time. */
  failed(): void;
  /** Everything waiting was sent: no more tries, and the next failure starts from the first wait. */
  succeeded(): void;
  /** Try now (the network came back, a request got through): the waits start over. */
  now(): void;
  /** The wait of the try scheduled, if any. */
  scheduledMs(): number | null;
  stop(): void;
};

export function createRetryLoop(run: () => void, timers: Timers): RetryLoop {
  let failures = 0;
  let timer: number | null = null;
  let scheduled: number | null = null;
  let stopped = false;
  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    scheduled = null;
  };
  return {
    failed() {
      if (stopped || timer !== null) return;
      scheduled = retryDelayMs(failures++);
      timer = timers.setTimeout(() => {
        timer = null;
        scheduled = null;
        run();
      }, scheduled);
    },
    succeeded() {
      failures = 0;
      clear();
    },
    now() {
      if (stopped) return;
      failures = 0;
      clear();
      run();
    },
    scheduledMs: () => scheduled,
    stop() {
      stopped = true;
      clear();
    },
  };
}
