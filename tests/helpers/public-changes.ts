import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { PUBLIC_CACHE_CHANNEL } from '../../src/server/cache/public-changes';

/** A day no test books: a change of it invalidates nothing a test reads. */
const MARKER_DAY = '1999-01-01';

/**
 * Resolves once the app has heard every public-cache change committed before the call (decision
 * 231). On PGlite the app hears a change before the writing statement returns; on a PostgreSQL
 * server a NOTIFY reaches the app's listener a moment after the commit, so a test that writes and
 * then reads at once must wait: NOTIFYs arrive in commit order, so hearing a marker sent now means
 * everything before it was heard.
 */
export async function publicChangesHeard(app: FastifyInstance, db: Db): Promise<void> {
  let unsubscribe = () => {};
  const heard = new Promise<void>((resolve) => {
    unsubscribe = app.publicChanges.subscribe({
      onChange: (change) => {
        if (change.kind === 'availability' && change.day === MARKER_DAY) resolve();
      },
      onListening: () => undefined,
    });
  });
  try {
    await db.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, ${`availability:${MARKER_DAY}`})`);
    await heard;
  } finally {
    unsubscribe();
  }
}
