import { randomInt } from 'node:crypto';

/**
 * How long a password hash takes on this machine, as this process has measured it
 * (docs/decisions/399-sign-in-flood.md): the hash gate estimates a queue's wait from it, and a
 * sign-in with a username nobody has waits one of these durations instead of hashing.
 *
 * Kept per scrypt cost N, so a hash stored at another cost never skews the figure of the configured
 * one; the last RECENT runs only, so the figure follows the machine's load.
 */
const RECENT = 32;

/** A first guess until a hash has been measured: about half a second at the production cost (N=2^17), linear in N. */
const PRODUCTION_COST = 2 ** 17;
const PRODUCTION_GUESS_MS = 500;
const guessMs = (cost: number) => (PRODUCTION_GUESS_MS * cost) / PRODUCTION_COST;

/**
 * The shortest imitation, a fifth of the first guess (100 ms at the production cost): whatever the
 * recent figures, an unknown username is never answered at once.
 */
const floorMs = (cost: number) => guessMs(cost) / 5;

const recent = new Map<number, number[]>();

/** Notes one hash's running time (in its slot of the gate, not its wait) at cost N. */
export function recordHashTime(cost: number, ms: number): void {
  const list = recent.get(cost) ?? [];
  list.push(ms);
  if (list.length > RECENT) list.shift();
  recent.set(cost, list);
}

/** The median of the recent hashes at cost N, or the first guess before any. */
export function typicalHashMs(cost: number): number {
  const list = recent.get(cost);
  if (!list?.length) return guessMs(cost);
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A duration to wait in place of a hash at cost N: one of the recent real ones picked at random, so
 * the imitations have the real hashes' spread as well as their median; the first guess give or take
 * 10% before any; never below the floor.
 */
export function drawHashMs(cost: number): number {
  const list = recent.get(cost);
  const drawn = list?.length ? list[randomInt(list.length)]! : guessMs(cost) * (0.9 + randomInt(201) / 1000);
  return Math.max(drawn, floorMs(cost));
}

/** Tests only: forgets every measurement. */
export function forgetHashTimes(): void {
  recent.clear();
}
