import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { createUser } from '../auth/users';
import { users } from '../db/schema';
import { signInStaff } from '../../../tests/helpers/bookings';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { LAST_ADMIN_MESSAGE, setUserActive } from './service';

describe('at least one active admin remains (decision 165)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const activeAdmins = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    )[0]!.n;

  it('refuses to deactivate the only active admin', async () => {
    const only = await createUser(t, { username: 'only_admin', password: 'correct-horse-1', role: 'admin' });
    const tech = await createUser(t, { username: 'van_tech', password: 'correct-horse-1', role: 'technician' });
    const deps = { db: t.db, clock: t.clock } as unknown as AppDeps;
    await expect(setUserActive(deps, tech.id, only.id, false)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: LAST_ADMIN_MESSAGE,
    });
    expect(await activeAdmins()).toBe(1);
    // A technician can still be deactivated.
    await expect(setUserActive(deps, only.id, tech.id, false)).resolves.toMatchObject({ isActive: false });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, only.id));
  });

  it('two admins deactivating each other at the same moment: one wins, one active admin remains', async () => {
    const a = await signInStaff(t, 'admin', 'admin_a');
    const b = await signInStaff(t, 'admin', 'admin_b');
    expect(await activeAdmins()).toBe(2);
    const deactivate = (cookie: string, userId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${userId}/status`,
        payload: { isActive: false },
        headers: { cookie },
      });
    const [ab, ba] = await Promise.all([deactivate(a.cookie, b.user.id), deactivate(b.cookie, a.user.id)]);
    const codes = [ab.statusCode, ba.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const loser = ab.statusCode === 200 ? ba : ab;
    if (loser.statusCode === 409) expect(loser.json().message).toBe(LAST_ADMIN_MESSAGE);
    expect(await activeAdmins()).toBe(1);
  });
});
