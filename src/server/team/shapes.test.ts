import { describe, expectTypeOf, it } from 'vitest';
import type { PublicUser } from '../../shared/schemas/auth';
import type { Wire } from '../db/rows';
import type { users } from '../db/schema';
import type { PUBLIC_USER_COLUMNS } from './service';

/** A user on the wire is the users table without what is never shown (decision 260). */
describe('a user on the wire', () => {
  // A column added to the users table must be either shown (added to the wire schema) or kept back here.
  it('is every column of the users table but the password hash and the timestamps', () => {
    expectTypeOf<Omit<Wire<typeof users.$inferSelect>, 'password' | 'createdAt' | 'updatedAt'>>().toEqualTypeOf<PublicUser>();
    expectTypeOf<keyof typeof PUBLIC_USER_COLUMNS>().toEqualTypeOf<keyof PublicUser>();
  });
});
