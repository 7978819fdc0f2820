import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/helpers/database';
import { createUser } from '../../auth/users';
import { testConfig } from '../../config';
import { users } from '../schema';
import { seedReferenceData } from './reference';

/**
 * The owner's account from ADMIN_USERNAME and ADMIN_PASSWORD is made while no admin exists, not only
 * while nobody does: a data folder seeded with the demo's technicians before the first start still
 * gets its owner, and start-up says plainly when it cannot make one.
 */
type Database = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Database;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.dispose();
});

const withOwner = testConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Harbour-Lights-2291' });

const roleOf = async (username: string) =>
  (await database.db.select({ role: users.role }).from(users).where(eq(users.username, username)))[0]?.role;

describe('the first admin from the environment', () => {
  it('is made when only technicians exist, as after seeding the demo month before the first start', async () => {
    await createUser(
      { db: database.db, config: withOwner },
      { username: 'jake', password: 'technician123', role: 'technician' },
    );
    const report = await seedReferenceData(database.db, withOwner);
    expect(report).toMatchObject({ adminCreated: 'owner', usersExist: true, noAdmin: false });
    expect(await roleOf('owner')).toBe('admin');
  });

  it('is not made again once an admin exists', async () => {
    await createUser(
      { db: database.db, config: withOwner },
      { username: 'boss', password: 'Another-Long-Pass-77', role: 'admin' },
    );
    const report = await seedReferenceData(database.db, withOwner);
    expect(report).toMatchObject({ adminCreated: null, noAdmin: false });
    expect(await roleOf('owner')).toBeUndefined();
  });

  it("says so, and makes nobody, when the name is a technician's or no name is given", async () => {
    await createUser(
      { db: database.db, config: withOwner },
      { username: 'owner', password: 'technician123', role: 'technician' },
    );
    expect(await seedReferenceData(database.db, withOwner)).toMatchObject({ adminCreated: null, noAdmin: true });
    expect(await roleOf('owner')).toBe('technician');
    expect(await seedReferenceData(database.db, testConfig())).toMatchObject({ adminCreated: null, noAdmin: true });
  });
});
