import { describe, expectTypeOf, it } from 'vitest';
import type { PublicUser } from '../../shared/schemas/auth';
import type { Wire } from '../db/rows';
import type { users } from '../db/schema';
import type { PUBLIC_USER_COLUMNS } from './service';

/** A user on the wire is the users table without what is never shown (decision 260). */
describe('a user on the wire', () => {
  // A column added to the users table must be either shown (added to the wire schema) or kept back here.
  it('is every column of the users table but the password hash, the sign-in secrets, the roster and the timestamps', () => {
    type KeptBack =
      | 'password'
      | 'createdAt'
      | 'updatedAt'
      | 'passwordMustChange'
      | 'passwordChangedAt'
      | 'mfaSecret'
      | 'mfaEnabledAt'
      | 'mfaPendingSecret'
      | 'workingDays';
    expectTypeOf<Omit<Wire<typeof users.$inferSelect>, KeptBack>>().toEqualTypeOf<PublicUser>();
    expectTypeOf<keyof typeof PUBLIC_USER_COLUMNS>().toEqualTypeOf<keyof PublicUser>();
  });
});
