import { eq, sql } from 'drizzle-orm';
import { mappingWithDefaults, type AccountingMapping } from '../../shared/domain/accounting';
import type { AppDeps } from '../deps';
import { accountingSetup } from '../db/schema';
import { AppError } from '../http/errors';
import { openSecret, sealSecret, type SecretsKeyring } from '../secrets/at-rest';
import { makePkce, xeroErrorOf, type StoredTokens, type XeroGateway } from './xero-gateway';

/**
 * The one row of the Xero link (docs/decisions/418-xero-sync.md): the mapping, the connection and
 * its tokens, sealed with the secrets-at-rest key (decision 401), and the call budget the instances share.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
type Row = typeof accountingSetup.$inferSelect;

const ROW = 'xero';
/** A connection started and not finished within this long is forgotten. */
const PENDING_MS = 15 * 60_000;

async function ensureRow(deps: Pick<AppDeps, 'db'>): Promise<void> {
  await deps.db.insert(accountingSetup).values({ id: ROW }).onConflictDoNothing();
}

export async function readSetup(deps: Pick<AppDeps, 'db'>): Promise<Row | undefined> {
  const [row] = await deps.db.select().from(accountingSetup).where(eq(accountingSetup.id, ROW));
  return row;
}

export async function currentMapping(deps: Pick<AppDeps, 'db'>): Promise<AccountingMapping> {
  return mappingWithDefaults((await readSetup(deps))?.mapping);
}

export async function saveMapping(deps: Deps, mapping: AccountingMapping): Promise<AccountingMapping> {
  await ensureRow(deps);
  await deps.db
    .update(accountingSetup)
    .set({ mapping, mappingSetAt: deps.clock.now(), updatedAt: deps.clock.now() })
    .where(eq(accountingSetup.id, ROW));
  return mapping;
}

function keyring(deps: Deps): SecretsKeyring {
  const ring = deps.config.secrets;
  if (!ring) throw new AppError('UNAVAILABLE', 'SECRETS_KEY is not set: the Xero tokens cannot be kept');
  return ring;
}

/** Starts a connection: a PKCE pair and a state kept (sealed) for the callback, on whichever instance it lands. */
export async function startConnection(deps: Deps, xero: XeroGateway, userId: string): Promise<string> {
  const { verifier, challenge, state } = makePkce();
  await ensureRow(deps);
  await deps.db
    .update(accountingSetup)
    .set({
      pendingState: state,
      pendingVerifier: sealSecret(keyring(deps), verifier),
      pendingAt: deps.clock.now(),
      connectedById: userId,
      updatedAt: deps.clock.now(),
    })
    .where(eq(accountingSetup.id, ROW));
  return xero.consentUrl(state, challenge);
}

/** Finishes it: the code exchanged with the verifier, the organisation read, the tokens sealed. */
export async function finishConnection(
  deps: Deps,
  xero: XeroGateway,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  callbackUrl: string,
): Promise<{ ok: true; organisationName: string } | { ok: false; message: string }> {
  if (query.error) return { ok: false, message: `Xero did not connect: ${query.error}` };
  const row = await readSetup(deps);
  const pendingAt = row?.pendingAt?.getTime() ?? 0;
  if (!row?.pendingState || !row.pendingVerifier || !query.state || query.state !== row.pendingState)
    return {
      ok: false,
      message: 'This connection was not started here, or was already finished. Start again from Settings.',
    };
  if (deps.clock.now().getTime() - pendingAt > PENDING_MS)
    return { ok: false, message: 'The connection took too long. Start again from Settings.' };
  // The state is used once, whatever happens next.
  const taken = await deps.db
    .update(accountingSetup)
    .set({ pendingState: null, pendingVerifier: null, pendingAt: null })
    .where(sql`${accountingSetup.id} = ${ROW} and ${accountingSetup.pendingState} = ${query.state}`)
    .returning({ id: accountingSetup.id });
  if (!taken.length) return { ok: false, message: 'This connection was already finished.' };
  try {
    const tokens = await xero.exchange(callbackUrl, query.state, openSecret(keyring(deps), row.pendingVerifier));
    const [tenant] = await xero.tenants(tokens);
    if (!tenant) return { ok: false, message: 'Xero connected no organisation.' };
    await deps.db
      .update(accountingSetup)
      .set({
        tenantId: tenant.tenantId,
        organisationName: tenant.tenantName,
        tokens: sealSecret(keyring(deps), JSON.stringify(tokens)),
        tokenExpiresAt: new Date(tokens.expires_at * 1000),
        connectedAt: deps.clock.now(),
        connectionError: null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(accountingSetup.id, ROW));
    return { ok: true, organisationName: tenant.tenantName };
  } catch (err) {
    const e = xeroErrorOf(err);
    return { ok: false, message: `Xero did not connect: ${e.message}` };
  }
}

export async function disconnect(deps: Deps, xero: XeroGateway): Promise<void> {
  const row = await readSetup(deps);
  if (row?.tokens) {
    // Revoking is a courtesy to Xero; the tokens are forgotten here either way.
    await xero.revoke(JSON.parse(openSecret(keyring(deps), row.tokens)) as StoredTokens).catch(() => undefined);
  }
  await deps.db
    .update(accountingSetup)
    .set({
      tenantId: null,
      organisationName: null,
      tokens: null,
      tokenExpiresAt: null,
      connectedAt: null,
      connectionError: null,
      updatedAt: deps.clock.now(),
    })
    .where(eq(accountingSetup.id, ROW));
}

export type Connection = { tenantId: string; tokens: StoredTokens };

/**
 * The connection's tokens, refreshed when they are within a minute of expiring. The refresh runs
 * under the row's lock: Xero's refresh tokens are used once, so two instances must not both try.
 * A refusal marks the connection broken and answers null.
 */
export async function liveConnection(deps: Deps, xero: XeroGateway): Promise<Connection | null> {
  const first = await readSetup(deps);
  if (!first?.tokens || !first.tenantId || first.connectionError) return null;
  await xero.prepare?.();
  const fresh = (r: Row) => (r.tokenExpiresAt?.getTime() ?? 0) - 60_000 > deps.clock.now().getTime();
  if (fresh(first)) return { tenantId: first.tenantId, tokens: JSON.parse(openSecret(keyring(deps), first.tokens)) };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(accountingSetup).where(eq(accountingSetup.id, ROW)).for('update');
    if (!row?.tokens || !row.tenantId) return null;
    const current = JSON.parse(openSecret(keyring(deps), row.tokens)) as StoredTokens;
    if (fresh(row)) return { tenantId: row.tenantId, tokens: current };
    try {
      const tokens = await xero.refresh(current);
      await tx
        .update(accountingSetup)
        .set({
          tokens: sealSecret(keyring(deps), JSON.stringify(tokens)),
          tokenExpiresAt: new Date(tokens.expires_at * 1000),
        })
        .where(eq(accountingSetup.id, ROW));
      return { tenantId: row.tenantId, tokens };
    } catch (err) {
      const e = xeroErrorOf(err);
      await tx
        .update(accountingSetup)
        .set({ connectionError: `Xero refused the connection (${e.message}): connect again` })
        .where(eq(accountingSetup.id, ROW));
      return null;
    }
  });
}

export async function markConnectionBroken(deps: Deps, message: string): Promise<void> {
  await deps.db
    .update(accountingSetup)
    .set({ connectionError: `Xero refused the connection (${message}): connect again` })
    .where(eq(accountingSetup.id, ROW));
}

export const XERO_CALLS_PER_MINUTE = 60;

/**
 * One call from the budget the instances share: Xero allows 60 calls a minute per organisation.
 * Answers false (no call may be made) when the minute's calls are spent or a 429's pause lasts.
 */
export async function takeCall(deps: Deps): Promise<boolean> {
  const now = deps.clock.now();
  const minuteAgo = new Date(now.getTime() - 60_000);
  const rows = await deps.db.execute<{ rate_calls: number }>(sql`
    update ${accountingSetup} set
      rate_window_start = case when rate_window_start is null or rate_window_start <= ${minuteAgo.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else rate_window_start end,
      rate_calls = case when rate_window_start is null or rate_window_start <= ${minuteAgo.toISOString()}::timestamptz then 1 else rate_calls + 1 end
    where id = ${ROW}
      and (paused_until is null or paused_until <= ${now.toISOString()}::timestamptz)
      and (rate_window_start is null or rate_window_start <= ${minuteAgo.toISOString()}::timestamptz or rate_calls < ${XERO_CALLS_PER_MINUTE})
    returning rate_calls`);
  return rows.rows.length > 0;
}

/** After a 429: no instance calls before Retry-After (else a minute) has passed. */
export async function pauseCalls(deps: Deps, seconds: number): Promise<Date> {
  const until = new Date(deps.clock.now().getTime() + seconds * 1000);
  await deps.db.update(accountingSetup).set({ pausedUntil: until }).where(eq(accountingSetup.id, ROW));
  return until;
}
