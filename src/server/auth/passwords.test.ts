import { describe, expect, it } from 'vitest';
import {
  assertPasswordCost,
  hashPassword,
  PRODUCTION_PASSWORD_COST,
  TEST_PASSWORD_COST,
  verifyPassword,
} from './passwords';

const test = { passwordCost: TEST_PASSWORD_COST, isProduction: false };

describe('password hashing', () => {
  it('stores the cost in the hash, so a hash made at any cost verifies', async () => {
    const cheap = await hashPassword('correct-horse-1', test);
    const dearer = await hashPassword('correct-horse-1', { passwordCost: TEST_PASSWORD_COST * 4, isProduction: false });
    expect(cheap).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST}\\$8\\$1\\$`));
    expect(dearer).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST * 4}\\$8\\$1\\$`));
    for (const stored of [cheap, dearer]) {
      expect(await verifyPassword('correct-horse-1', stored)).toBe(true);
      expect(await verifyPassword('correct-horse-2', stored)).toBe(false);
    }
  });

  it('refuses to hash below N=2^17 in production', async () => {
    expect(() => assertPasswordCost({ passwordCost: PRODUCTION_PASSWORD_COST, isProduction: true })).not.toThrow();
    await expect(
      hashPassword('correct-horse-1', { passwordCost: TEST_PASSWORD_COST, isProduction: true }),
    ).rejects.toThrow(/below the production minimum/);
  });

  it('says no to a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});
