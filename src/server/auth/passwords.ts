import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { passwordHashGate, type Lane } from './hash-gate';
import { recordHashTime, typicalHashMs } from './hash-times';

/**
 * scrypt's cost N. Production uses OWASP's N=2^17 (r=8, p=1: 128 MiB and about half a second per
 * hash). Tests use N=2^10 so a suite can create hundreds of users; config.ts picks the cost from
 * NODE_ENV and refuses anything cheaper in production (docs/decisions/181-fast-tests-and-a-pinned-clock.md).
 */
export const PRODUCTION_PASSWORD_COST = 2 ** 17;
export const TEST_PASSWORD_COST = 2 ** 10;

/** What hashing needs from the configuration. */
export type PasswordSettings = { passwordCost: number; isProduction: boolean };

const R = 8;
const P = 1;
/** Room for the production cost (128 * N * r bytes = 128 MiB) and for old hashes at that cost. */
const MAXMEM = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

function scryptAsync(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Every hash runs in its lane of the process's gate (docs/decisions/399-sign-in-flood.md), so only
 * a few hold their memory and the thread pool at once, and its running time is noted. The lane is
 * `known` unless a caller says otherwise: only a sign-in comes from strangers, and it names its lane.
 */
function gatedScrypt(password: string, salt: Buffer, cost: number, rest: ScryptOptions, lane: Lane) {
  return passwordHashGate.run(lane, typicalHashMs(cost), async () => {
    const started = performance.now();
    const key = await scryptAsync(password, salt, { ...rest, N: cost });
    recordHashTime(cost, performance.now() - started);
    return key;
  });
}

/** Throws when a production configuration would hash below the production cost. */
export function assertPasswordCost(settings: PasswordSettings): void {
  if (settings.isProduction && settings.passwordCost < PRODUCTION_PASSWORD_COST) {
    throw new Error(
      `Password hashing cost ${settings.passwordCost} is below the production minimum ${PRODUCTION_PASSWORD_COST}`,
    );
  }
}

/** Format: scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, settings: PasswordSettings): Promise<string> {
  assertPasswordCost(settings);
  const N = settings.passwordCost;
  const salt = randomBytes(16);
  const key = await gatedScrypt(password, salt, N, { r: R, p: P, maxmem: MAXMEM }, 'known');
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash at whatever cost that hash was made with. */
export async function verifyPassword(password: string, stored: string, lane: Lane = 'known'): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await gatedScrypt(
    password,
    Buffer.from(salt, 'base64'),
    Number(n),
    { r: Number(r), p: Number(p), maxmem: MAXMEM },
    lane,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
