import { randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OwnerSetupInput, PublicUser } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import type { Executor } from '../db/client';
import { ownerSetup } from '../db/schema';
import { forbidden } from '../http/errors';
import { addUser } from './service';
import { countUsers } from './users';

// No 0/O or 1/I/L: the code is read from a log and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SETUP_CODE_WRONG = "That setup code is not right. It is printed in the server's log when the site starts.";
export const SETUP_DONE = 'The owner account already exists. Please sign in.';

/** 12 characters from 31: about 59 bits, shown as XXXX-XXXX-XXXX. */
function newSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((g) => g.join('')).join('-');
}

const normalise = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * While no staff user exists, the one-time setup code (made once, kept in the database so every app
 * instance prints and accepts the same one); null once someone can sign in (decision 111).
 */
export async function ensureSetupCode(db: Executor): Promise<string | null> {
  if ((await countUsers(db)) > 0) {
    await db.delete(ownerSetup);
    return null;
  }
  await db.insert(ownerSetup).values({ id: 1, code: newSetupCode() }).onConflictDoNothing();
  const [row] = await db.select().from(ownerSetup);
  return row?.code ?? null;
}

export async function isOwnerSetupNeeded(db: Executor): Promise<boolean> {
  return (await countUsers(db)) === 0;
}

/** Creates the owner (an admin) with the setup code; refused once any user exists or with a wrong code. */
export async function createOwner(deps: Pick<AppDeps, 'db' | 'config'>, input: OwnerSetupInput): Promise<PublicUser> {
  return deps.db.transaction(async (tx) => {
    // Serialise first-run requests so two racing ones cannot both find the table empty.
    await tx.execute(sql`select pg_advisory_xact_lock(7301001)`);
    if ((await countUsers(tx)) > 0) throw forbidden(SETUP_DONE);
    const [row] = await tx.select().from(ownerSetup);
    const given = Buffer.from(normalise(input.setupCode));
    const expected = Buffer.from(normalise(row?.code ?? ''));
    if (!row || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw forbidden(SETUP_CODE_WRONG);
    const owner = await addUser(
      { db: tx, config: deps.config },
      { username: input.username, password: input.password, email: input.email ?? null, role: 'admin' },
    );
    await tx.delete(ownerSetup);
    return owner;
  });
}
