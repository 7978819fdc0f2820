import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { HASH_GATE_BUSY, LaneGate, type LaneGateLimits } from './hash-gate';
import { drawHashMs, forgetHashTimes, recordHashTime, typicalHashMs } from './hash-times';

/** The gate every password hash goes through (docs/decisions/399-sign-in-flood.md). */
const LIMITS: LaneGateLimits = { open: { running: 1, queued: 2 }, known: { running: 1, queued: 1 }, maxWaitMs: 2_500 };

/** A task the test ends by hand, and a clock it moves by hand. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { task: () => done, end };
}
function gateWithClock(limits = LIMITS) {
  let now = 0;
  return { gate: new LaneGate(limits, () => now), advance: (ms: number) => (now += ms) };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('the hash gate', () => {
  it('runs one task per lane at a time and the queued ones in turn', async () => {
    const { gate } = gateWithClock();
    const first = held();
    const second = held();
    const order: string[] = [];
    const a = gate.run('open', 100, async () => (order.push('a'), first.task()));
    const b = gate.run('open', 100, async () => (order.push('b'), second.task()));
    await settle();
    expect(order).toEqual(['a']);
    expect(gate.stats()).toMatchObject({ started: 1, running: { open: 1 }, queued: { open: 1 } });
    first.end();
    await a;
    await settle();
    expect(order).toEqual(['a', 'b']);
    second.end();
    await b;
    expect(gate.stats()).toMatchObject({ started: 2, running: { open: 0 }, queued: { open: 0 } });
  });

  it('refuses at once with 503, Retry-After and the message when the queue is full, taking nothing', async () => {
    const { gate } = gateWithClock();
    const hold = held();
    const running = gate.run('open', 1_000, hold.task);
    const queued = [gate.run('open', 1_000, hold.task), gate.run('open', 1_000, hold.task)];
    const refused = await gate.run('open', 1_000, hold.task).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', status: 503, message: HASH_GATE_BUSY });
    expect((refused as AppError).extra.retryAfterSeconds).toBe(3);
    expect(gate.stats()).toMatchObject({ started: 1, refused: 1, queued: { open: 2 } });
    hold.end();
    await Promise.all([running, ...queued]);
    expect(gate.stats().started).toBe(3);
  });

  it('refuses a task that would wait longer than the longest wait, by the hashes measured', async () => {
    const { gate } = gateWithClock({ ...LIMITS, open: { running: 1, queued: 8 } });
    const hold = held();
    const tasks = [gate.run('open', 1_000, hold.task), gate.run('open', 1_000, hold.task)];
    // 1 s left of the running one and 1 s queued: a third would wait 2 s, a fourth 3 s.
    tasks.push(gate.run('open', 1_000, hold.task));
    await expect(gate.run('open', 1_000, hold.task)).rejects.toMatchObject({ status: 503 });
    hold.end();
    await Promise.all(tasks);
  });

  it('refuses a queued task whose turn comes after the longest wait, instead of starting it late', async () => {
    const { gate, advance } = gateWithClock({ ...LIMITS, open: { running: 1, queued: 8 } });
    const hold = held();
    const running = gate.run('open', 100, hold.task);
    const late = gate.run('open', 100, async () => 'ran').catch((err: unknown) => err);
    advance(3_000);
    hold.end();
    await running;
    expect(await late).toMatchObject({ status: 503, message: HASH_GATE_BUSY });
    expect(gate.stats()).toMatchObject({ started: 1, refused: 1 });
  });

  it('answers a queued task at the longest wait even while the running one goes on', async () => {
    const gate = new LaneGate({ ...LIMITS, maxWaitMs: 50 });
    const hold = held();
    const running = gate.run('open', 10, hold.task);
    const started = performance.now();
    await expect(gate.run('open', 10, async () => 'ran')).rejects.toMatchObject({ status: 503 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(gate.stats()).toMatchObject({ running: { open: 1 }, queued: { open: 0 }, refused: 1 });
    hold.end();
    await running;
  });

  it('without a shared limit, keeps the known lane free while the open lane is full', async () => {
    const { gate } = gateWithClock();
    const hold = held();
    const open = [gate.run('open', 100, hold.task), gate.run('open', 100, hold.task), gate.run('open', 100, hold.task)];
    expect(() => gate.assertRoom('open')).toThrow(HASH_GATE_BUSY);
    expect(await gate.run('known', 100, async () => 'signed in')).toBe('signed in');
    hold.end();
    await Promise.all(open);
  });

  it('with a shared limit, runs one task of either lane at a time and gives a freed place to the known lane first', async () => {
    const { gate } = gateWithClock({ ...LIMITS, shared: 1 });
    const first = held();
    const order: string[] = [];
    const running = gate.run('open', 100, async () => (order.push('stranger 1'), first.task()));
    const stranger = gate.run('open', 100, async () => order.push('stranger 2'));
    const owner = gate.run('known', 100, async () => order.push('owner'));
    await settle();
    expect(gate.stats()).toMatchObject({ running: { open: 1, known: 0 }, queued: { open: 1, known: 1 } });
    first.end();
    await Promise.all([running, stranger, owner]);
    expect(order).toEqual(['stranger 1', 'owner', 'stranger 2']);
  });

  it('frees the slot when a task fails', async () => {
    const { gate } = gateWithClock();
    await expect(gate.run('open', 100, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('open', 100, async () => 1)).toBe(1);
    expect(gate.stats().running.open).toBe(0);
  });

  it('answers the wait a newcomer would have without taking a place', async () => {
    const { gate, advance } = gateWithClock();
    expect(gate.assertRoom('open')).toBe(0);
    const hold = held();
    const running = gate.run('open', 1_000, hold.task);
    advance(400);
    expect(gate.assertRoom('open')).toBe(600);
    expect(gate.stats().queued.open).toBe(0);
    hold.end();
    await running;
  });
});

describe('hash times', () => {
  const COST = 12_345;

  it('guesses from the cost before any hash is measured, then follows the median of the recent ones', () => {
    forgetHashTimes();
    expect(typicalHashMs(2 ** 17)).toBe(500);
    expect(typicalHashMs(2 ** 10)).toBeCloseTo(500 / 128);
    for (const ms of [400, 900, 500, 600, 450]) recordHashTime(COST, ms);
    expect(typicalHashMs(COST)).toBe(500);
    // Only the last 32 count.
    for (let i = 0; i < 32; i++) recordHashTime(COST, 700);
    expect(typicalHashMs(COST)).toBe(700);
  });

  it('draws an imitation from the recent real times, never below the floor', () => {
    forgetHashTimes();
    for (const ms of [480, 520, 610]) recordHashTime(2 ** 17, ms);
    for (let i = 0; i < 50; i++) expect([480, 520, 610]).toContain(drawHashMs(2 ** 17));
    forgetHashTimes();
    recordHashTime(2 ** 17, 3);
    expect(drawHashMs(2 ** 17)).toBe(100);
    forgetHashTimes();
    const guess = drawHashMs(2 ** 17);
    expect(guess).toBeGreaterThanOrEqual(450);
    expect(guess).toBeLessThanOrEqual(550);
  });
});
