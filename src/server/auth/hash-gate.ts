import { performance } from 'node:perf_hooks';
import { AppError } from '../http/errors';

/**
 * Gates with two lanes (docs/decisions/399-sign-in-flood.md): each lane a semaphore with a short
 * queue, admitting a task only when it would start within `maxWaitMs` by the running times
 * measured; anything else is refused at once with 503 and Retry-After, holding no memory, and a
 * queued task whose turn comes later than `maxWaitMs` after all (the work ran slower than measured)
 * is refused then instead of starting late.
 *
 * The lanes:
 * - `open`: a sign-in from a browser not known for the user: anyone on the internet;
 * - `known`: a sign-in from a browser known for the user (decision 327), and the hashes of signed-in
 *   people (their password change, an admin's new user or reset, the owner's setup with its code):
 *   strangers never queue in it; with a shared limit it waits at most for the tasks running.
 * (The sign-in gate, sign-in-check.ts, tells them apart by the cookies a browser carries.)
 *
 * `passwordHashGate` below is the one every password hash of this process goes through. A
 * production hash (scrypt, N=2^17) holds 128 MiB and a thread of libuv's pool, which file reads
 * (photos, invoice PDFs) share, for about half a second; without a gate a flood of sign-ins ran as
 * many at once as the pool has threads and queued the rest ahead of every file read.
 */
export type Lane = 'open' | 'known';
export type LaneLimits = {
  /** Tasks of this lane running at once. */
  running: number;
  /** Tasks of this lane waiting at most. */
  queued: number;
};
export type LaneGateLimits = Record<Lane, LaneLimits> & {
  /** Tasks of both lanes running at once, when fewer than the two lanes' sum: a freed place goes to `known` first. */
  shared?: number;
  /** The longest a task may wait for its turn, by the measured running times. */
  maxWaitMs: number;
};

/**
 * One hash at a time, the known lane's first when both wait: one thread of the pool's four and
 * 128 MiB, so file reads always have three threads, and the other core stays for the event loop
 * and the database. A queue holds what a second and a half absorbs (one to three hashes at the
 * production cost); a hash starts within that or is refused. The count (16) binds only hashes of
 * milliseconds, as the tests' are: a burst the login limits let through (10 for a username) waits.
 */
export const HASH_GATE_LIMITS: LaneGateLimits = {
  open: { running: 1, queued: 16 },
  known: { running: 1, queued: 16 },
  shared: 1,
  maxWaitMs: 1_500,
};

/**
 * Sign-ins being checked at once (`signInGate`, sign-in-check.ts): a few per lane, each with its
 * database work and its password check or imitation, so a flood's database work never queues far
 * ahead of the owner's; a queue of what a second and a half absorbs, by the sign-ins' own times.
 */
export const SIGN_IN_LIMITS: LaneGateLimits = {
  open: { running: 8, queued: 32 },
  known: { running: 4, queued: 8 },
  maxWaitMs: 1_500,
};

/**
 * The sign-in gate under NODE_ENV=test (config.ts), whose hashes take milliseconds and whose tests
 * send bursts of 70 at once to check the login limits; a test of the gate sets its own.
 */
export const TEST_SIGN_IN_LIMITS: LaneGateLimits = {
  open: { running: 100, queued: 100 },
  known: { running: 100, queued: 100 },
  maxWaitMs: 60_000,
};

/** The 503's message, from either gate (the hashes', the sign-ins', sign-in-check.ts). */
export const HASH_GATE_BUSY = 'Too many sign-ins at once. Please try again in a few seconds.';

const RECENT_TASKS = 32;

type Slot = { startedAt: number; expectedMs: number };
type Waiter = {
  queuedAt: number;
  expectedMs: number;
  admit: (slot: Slot) => void;
  refuse: (err: AppError) => void;
  timer?: NodeJS.Timeout;
};
type LaneState = { running: Set<Slot>; queue: Waiter[] };

export type LaneGateStats = {
  /** Tasks started since the gate was made. */
  started: number;
  /** Tasks (and imitations, `assertRoom`) refused since the gate was made. */
  refused: number;
  running: Record<Lane, number>;
  queued: Record<Lane, number>;
};

export class LaneGate {
  private limits: LaneGateLimits;
  private readonly lanes: Record<Lane, LaneState> = {
    open: { running: new Set(), queue: [] },
    known: { running: new Set(), queue: [] },
  };
  private started = 0;
  private refused = 0;
  /** The running times of the lane's last tasks, newest last. */
  private readonly recent: Record<Lane, number[]> = { open: [], known: [] };

  constructor(
    limits: LaneGateLimits = HASH_GATE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.limits = limits;
  }

  /** Changes the limits (tests; the process's gates keep their own otherwise). */
  configure(limits: LaneGateLimits): void {
    this.limits = limits;
    this.drain();
  }

  stats(): LaneGateStats {
    return {
      started: this.started,
      refused: this.refused,
      running: { open: this.lanes.open.running.size, known: this.lanes.known.running.size },
      queued: { open: this.lanes.open.queue.length, known: this.lanes.known.queue.length },
    };
  }

  /**
   * How long a task entering `lane` now would wait for its turn (ms, 0 when a slot is free); throws
   * the 503 it would get when the lane cannot take it. Nothing is taken.
   */
  assertRoom(lane: Lane): number {
    const { queue } = this.lanes[lane];
    if (queue.length === 0 && this.hasFreeSlot(lane)) return 0;
    const waitMs = this.backlogMs(lane);
    if (queue.length >= this.limits[lane].queued || waitMs > this.limits.maxWaitMs) throw this.busy(lane);
    return waitMs;
  }

  /** Runs `task` in its lane's turn; `expectedMs` is its likely running time, for the waits of those behind it. */
  async run<T>(lane: Lane, expectedMs: number, task: () => Promise<T>): Promise<T> {
    const slot = await this.acquire(lane, expectedMs);
    try {
      return await task();
    } finally {
      this.lanes[lane].running.delete(slot);
      const times = this.recent[lane];
      times.push(this.now() - slot.startedAt);
      if (times.length > RECENT_TASKS) times.shift();
      this.drain();
    }
  }

  /** The median running time of the lane's recent tasks; undefined before the first has ended. */
  typicalMs(lane: Lane): number | undefined {
    const sorted = [...this.recent[lane]].sort((a, b) => a - b);
    return sorted.length ? sorted[sorted.length >> 1] : undefined;
  }

  private acquire(lane: Lane, expectedMs: number): Slot | Promise<Slot> {
    this.assertRoom(lane);
    const { queue } = this.lanes[lane];
    if (queue.length === 0 && this.hasFreeSlot(lane)) return this.occupy(lane, expectedMs);
    return new Promise<Slot>((admit, refuse) => {
      const waiter: Waiter = { queuedAt: this.now(), expectedMs, admit, refuse };
      // Still waiting at the longest wait: answered then, not whenever its turn comes.
      waiter.timer = setTimeout(() => {
        const at = queue.indexOf(waiter);
        if (at < 0) return;
        queue.splice(at, 1);
        refuse(this.busy(lane));
      }, this.limits.maxWaitMs);
      waiter.timer.unref();
      queue.push(waiter);
    });
  }

  private hasFreeSlot(lane: Lane): boolean {
    const total = this.lanes.open.running.size + this.lanes.known.running.size;
    return this.lanes[lane].running.size < this.limits[lane].running && total < (this.limits.shared ?? Infinity);
  }

  /** Taken synchronously, so no other task can slip into the slot between its release and its next holder. */
  private occupy(lane: Lane, expectedMs: number): Slot {
    const slot = { startedAt: this.now(), expectedMs };
    this.lanes[lane].running.add(slot);
    this.started++;
    return slot;
  }

  /** Gives freed places to the waiting tasks in turn, the known lane's first. */
  private drain(): void {
    for (const lane of ['known', 'open'] as const) {
      const { queue } = this.lanes[lane];
      while (this.hasFreeSlot(lane) && queue.length > 0) {
        const next = queue.shift()!;
        clearTimeout(next.timer);
        if (this.now() - next.queuedAt > this.limits.maxWaitMs) {
          next.refuse(this.busy(lane));
          continue;
        }
        next.admit(this.occupy(lane, next.expectedMs));
      }
    }
  }

  /**
   * The work ahead of a newcomer, spread over the places it may take: what is left of its lane's
   * running tasks and the queued ones; with a shared limit, also the other lane's running tasks and,
   * for `open`, the known lane's queue, which goes first.
   */
  private backlogMs(lane: Lane): number {
    const now = this.now();
    const left = (slots: Set<Slot>) => {
      let ms = 0;
      for (const slot of slots) ms += Math.max(0, slot.expectedMs - (now - slot.startedAt));
      return ms;
    };
    const queued = (waiters: Waiter[]) => waiters.reduce((ms, w) => ms + w.expectedMs, 0);
    const other: Lane = lane === 'open' ? 'known' : 'open';
    let ms = left(this.lanes[lane].running) + queued(this.lanes[lane].queue);
    if (this.limits.shared !== undefined) {
      ms += left(this.lanes[other].running);
      if (lane === 'open') ms += queued(this.lanes.known.queue);
    }
    return ms / Math.max(1, Math.min(this.limits[lane].running, this.limits.shared ?? Infinity));
  }

  private busy(lane: Lane): AppError {
    this.refused++;
    const retryAfterSeconds = Math.min(30, Math.max(1, Math.ceil(this.backlogMs(lane) / 1000)));
    return new AppError('UNAVAILABLE', HASH_GATE_BUSY, { retryAfterSeconds });
  }
}

/** The process's gate: the thread pool and the memory it guards are the process's. */
export const passwordHashGate = new LaneGate(HASH_GATE_LIMITS);
