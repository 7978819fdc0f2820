import { asc, eq } from 'drizzle-orm';
import type { PublicUser } from '../../shared/schemas/auth';
import type { AppDeps } from '../app';
import { toPublicUser } from '../auth/service';
import { endSessionsOfUser } from '../auth/sessions';
import { users } from '../db/schema';
import { conflict, notFound } from '../http/errors';

export { addUser } from '../auth/service';

export async function listUsers(deps: AppDeps): Promise<PublicUser[]> {
  const rows = await deps.db
    .select({ id: users.id, username: users.username, email: users.email, role: users.role, isActive: users.isActive })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.username));
  return rows.map(toPublicUser);
}

/**
 * Activates or deactivates a user. Deactivation deletes their sessions in the same transaction,
 * so their very next request gets 401 (DECISIONS.md). An admin cannot deactivate themself
 * (decision 112), which also means at least one active admin always remains.
 */
export async function setUserActive(deps: AppDeps, actorId: string, userId: string, isActive: boolean): Promise<PublicUser> {
  if (!isActive && actorId === userId) throw conflict('You cannot deactivate your own account.');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, username: users.username, email: users.email, role: users.role, isActive: users.isActive });
    if (!row) throw notFound('User not found');
    if (!isActive) await endSessionsOfUser(tx, userId);
    return toPublicUser(row);
  });
}
