import { and, asc, eq } from 'drizzle-orm';
import type { PublicUser } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { appendAudit } from '../audit/log';
import { endSessionsOfUser } from '../auth/sessions';
import { users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { announceCapacityChanged } from '../slots/capacity';

/**
 * The columns a user is shown by: the row without its password hash and timestamps, so a row read
 * with them is the wire shape as it is (decision 260; held by shapes.test.ts).
 */
export const PUBLIC_USER_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
};

export async function listUsers(deps: Pick<AppDeps, 'db'>): Promise<PublicUser[]> {
  return deps.db.select(PUBLIC_USER_COLUMNS).from(users).orderBy(asc(users.createdAt), asc(users.username));
}

export const LAST_ADMIN_MESSAGE = 'At least one active admin is required.';

/**
 * Activates or deactivates a user. Deactivation deletes their sessions in the same transaction, so
 * their very next request gets 401 (docs/product.md "Staff sign-in and sessions"). An admin cannot
 * deactivate themself (decision 112). Two admins deactivating each other at once could still leave
 * none, so the active admins are locked and counted in the transaction (decision 165).
 */
export async function setUserActive(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actorId: string,
  userId: string,
  isActive: boolean,
): Promise<PublicUser> {
  if (!isActive && actorId === userId) throw conflict('You cannot deactivate your own account.');
  return deps.db.transaction(async (tx) => {
    if (!isActive) {
      // Locked in id order, so concurrent deactivations queue here instead of deadlocking; the
      // second sees the first's committed change.
      const activeAdmins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
        .orderBy(asc(users.id))
        .for('update');
      if (activeAdmins.some((a) => a.id === userId) && activeAdmins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    }
    const [row] = await tx
      .update(users)
      .set({ isActive, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId))
      .returning(PUBLIC_USER_COLUMNS);
    if (!row) throw notFound('User not found');
    if (!isActive) await endSessionsOfUser(tx, userId);
    // A technician on leave lowers a slot's capacity only while active (decision 302).
    if (row.role === 'technician') await announceCapacityChanged(tx);
    await appendAudit(tx, [
      {
        at: deps.clock.now(),
        actorId,
        kind: 'user',
        subject: `user:${row.id}`,
        label: row.username,
        action: isActive ? 'activated' : 'deactivated',
      },
    ]);
    return row;
  });
}
