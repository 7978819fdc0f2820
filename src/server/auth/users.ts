import { count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, type PasswordSettings } from './passwords';

export type NewUser = { username: string; password: string; email?: string | null; role: 'admin' | 'technician' };

/** Stores a new user with the password hashed at the configured cost. */
export async function createUser(deps: { db: Executor; config: PasswordSettings }, input: NewUser) {
  const [row] = await deps.db
    .insert(users)
    .values({
      username: input.username,
      password: await hashPassword(input.password, deps.config),
      email: input.email || null,
      role: input.role,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  const { password: _hash, ...user } = row;
  return user;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Admins, active or not: while there are none, the owner's account can still be made at start. */
export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

export async function findUserByUsername(db: Executor, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}
