import { setTimeout as sleep } from 'node:timers/promises';
import { LaneGate, passwordHashGate, SIGN_IN_LIMITS, type Lane } from './hash-gate';
import { drawHashMs, typicalHashMs } from './hash-times';
import { verifyPassword } from './passwords';
import type { LoginAttempt } from './rate-limit';

/**
 * Sign-ins being checked at once (docs/decisions/399-sign-in-flood.md), each with its database
 * reads and writes and its password check (or its imitation), in the lane of the browser as it
 * presents itself before the database is asked: `known` when it carries a device cookie or a
 * session cookie, `open` otherwise. A flood beyond what a second and a half absorbs is answered 503
 * at once instead of queuing its database work ahead of the owner's. A forged cookie only moves a
 * stranger into the `known` lane of this gate: the hash's lane is chosen by the device cookie
 * checked against the user. Its limits are the configuration's (`SIGN_IN_LIMITS` in production),
 * set when the app is built.
 */
export const signInGate = new LaneGate(SIGN_IN_LIMITS);

/** Runs a sign-in in its turn of `signInGate`, or throws the 503 at once. */
export function admitSignIn<T>(
  settings: { passwordCost: number },
  from: { deviceId?: string | null; previousToken?: string | undefined },
  signIn: () => Promise<T>,
): Promise<T> {
  const lane: Lane = from.deviceId || from.previousToken ? 'known' : 'open';
  return signInGate.run(lane, signInGate.typicalMs(lane) ?? typicalHashMs(settings.passwordCost), signIn);
}

/**
 * The password check of a sign-in, after the login limits have let it through:
 * - a real user's password is hashed in `passwordHashGate`'s lane for the browser: `known` for a
 *   browser known for the user (decision 327), `open` for any other; a full lane answers 503 at once;
 * - a username nobody has runs no hash at all: it waits as long as a real check would take now (a
 *   recent real hash time drawn at random, after the queue the real check would wait in) and gets
 *   the same false, or the same 503 when the open lane is full, so the answer and its timing do not
 *   tell which names exist, and a flood of made-up names costs the server timers only.
 */
export async function checkSignInPassword(
  settings: { passwordCost: number },
  password: string,
  stored: string | undefined,
  attempt: Pick<LoginAttempt, 'knownDeviceId'>,
): Promise<boolean> {
  const lane: Lane = attempt.knownDeviceId ? 'known' : 'open';
  if (stored !== undefined) return verifyPassword(password, stored, lane);
  const waitMs = passwordHashGate.assertRoom('open');
  await sleep(waitMs + drawHashMs(settings.passwordCost));
  return false;
}
