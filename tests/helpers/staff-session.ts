import { hashPassword, TEST_PASSWORD_COST } from '../../src/server/auth/passwords';
import { startSession } from '../../src/server/auth/sessions';
import { insertUserRow } from '../../src/server/db/seed/factories';
import type { TestApp } from './test-app';

/** The password every staff user made by these helpers has, for the tests that do sign in through /api/login. */
export const STAFF_PASSWORD = 'correct-horse-42';

// One hash (at the test cost) serves every user the tests make.
let sharedHash: Promise<string> | undefined;
export const hashOfStaffPassword = () =>
  (sharedHash ??= hashPassword(STAFF_PASSWORD, { passwordCost: TEST_PASSWORD_COST, isProduction: false }));

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${counter++}`;

export type StaffOverrides = {
  role?: 'admin' | 'technician';
  username?: string;
  isActive?: boolean;
  email?: string | null;
};

/** A staff user row whose password is STAFF_PASSWORD. */
export async function insertStaff(t: Pick<TestApp, 'db'>, over: StaffOverrides = {}) {
  return insertUserRow(t.db, {
    username: over.username ?? uniqueName(over.role ?? 'technician'),
    role: over.role ?? 'technician',
    isActive: over.isActive ?? true,
    email: over.email ?? null,
    password: await hashOfStaffPassword(),
  });
}

/**
 * A signed-in staff member for tests that only need "an admin" or "a technician": the user row
 * and a session row are inserted directly, as a good sign-in would leave them (no password check,
 * no /api/login call, no login limit). Tests about signing in itself go through /api/login.
 */
export async function signedInStaff(t: Pick<TestApp, 'db' | 'clock' | 'config'>, over: StaffOverrides = {}) {
  const user = await insertStaff(t, over);
  const token = await startSession({ db: t.db, clock: t.clock, config: t.config }, user.id);
  return { user, cookie: `sid=${token}` };
}
