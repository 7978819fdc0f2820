import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { accounting } from '../../shared/contracts/accounting';
import type { AccountingMapping } from '../../shared/domain/accounting';
import { accountingMapping, type AccountingSyncRow } from '../../shared/schemas/accounting';
import { isUuid } from '../../shared/schemas/fields';
import type { AppDeps } from '../deps';
import { accountingSync } from '../db/schema';
import { addRoute } from '../http/contract-routes';
import { AppError } from '../http/errors';
import { every, type Periodic } from '../scheduler/every';
import { accountingIsFailing } from '../../shared/domain/system-health';
import { accountingExport } from './export';
import { failingRecords } from './failing';
import {
  currentMapping,
  disconnect,
  finishConnection,
  liveConnection,
  readSetup,
  saveMapping,
  startConnection,
} from './setup';
import { startSimulatedXero, type SimulatedXero } from './simulated-xero';
import { retry, syncNow } from './sync';
import { createXeroGateway, REAL_XERO, xeroErrorOf, type XeroGateway } from './xero-gateway';

export type { XeroGateway };

/** The sync's tick: every five minutes, in one instance per tick (docs/decisions/393-one-scheduler.md). */
export const XERO_SYNC_MS = 5 * 60_000;

export const CALLBACK_PATH = '/api/xero/callback';

/**
 * The Xero to use: the one given (tests), the real one with XERO_CLIENT_ID and XERO_CLIENT_SECRET,
 * else outside production the labelled simulated Xero, started on this machine when first needed.
 */
function defaultGateway(deps: AppDeps): { gateway: XeroGateway | null; close(): Promise<void> } {
  const redirectUri = `${deps.config.publicBaseUrl}${CALLBACK_PATH}`;
  if (deps.config.xero)
    return {
      gateway: createXeroGateway({ ...deps.config.xero, redirectUri, endpoints: REAL_XERO, simulated: false }),
      close: async () => undefined,
    };
  if (deps.config.env === 'production') return { gateway: null, close: async () => undefined };
  let sim: Promise<{ stand: SimulatedXero; gateway: XeroGateway }> | undefined;
  let ready: XeroGateway | undefined;
  // Started when first needed, so an app that never connects Xero opens no port for it.
  const started = async () => {
    sim ??= startSimulatedXero().then((stand) => {
      ready = createXeroGateway({
        clientId: 'simulated-client',
        clientSecret: 'simulated-secret',
        redirectUri,
        endpoints: stand.endpoints,
        simulated: true,
      });
      return { stand, gateway: ready };
    });
    return (await sim).gateway;
  };
  const gateway: XeroGateway = {
    simulated: true,
    prepare: async () => {
      await started();
    },
    consentUrl: async (...a) => (await started()).consentUrl(...a),
    exchange: async (...a) => (await started()).exchange(...a),
    refresh: async (...a) => (await started()).refresh(...a),
    revoke: async (...a) => (await started()).revoke(...a),
    tenants: async (...a) => (await started()).tenants(...a),
    api: (tokens) => {
      if (!ready) throw new Error('The simulated Xero is not started yet');
      return ready.api(tokens);
    },
  };
  return {
    gateway,
    close: async () => {
      if (sim) await (await sim).stand.close();
    },
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rowOut = (r: typeof accountingSync.$inferSelect): AccountingSyncRow => ({
  id: r.id,
  kind: r.kind,
  label: r.label,
  state: r.state,
  xeroId: r.xeroId,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  sentAt: iso(r.sentAt),
  failedSince: iso(r.failedSince),
});

/** Each code and tax type of the mapping must be one of the organisation's own, and the tax types must fit the GST registration. */
async function checkMapping(deps: AppDeps, xero: XeroGateway, mapping: AccountingMapping): Promise<void> {
  const conn = await liveConnection(deps, xero);
  if (!conn) return; // not connected: the export's codes are the owner's word
  const { accounts, taxTypes } = await organisationLists(xero, conn);
  const codes = new Set(accounts.map((a) => a.code));
  const problems: Record<string, string> = {};
  const check = (path: string, code: string) => {
    if (!codes.has(code)) problems[path] = `Xero's organisation has no account ${code}`;
  };
  check('revenue', mapping.revenue);
  check('tyreSales', mapping.tyreSales);
  check('tyresAtCost', mapping.tyresAtCost);
  for (const [k, v] of Object.entries(mapping.expenses)) check(`expenses.${k}`, v);
  for (const [k, v] of Object.entries(mapping.payments)) check(`payments.${k}`, v);
  const rate = new Map(taxTypes.map((t) => [t.code, t.rate]));
  const registered = (await deps.settings.current()).business.gstRegistered;
  for (const [k, v] of Object.entries(mapping.taxTypes)) {
    const r = rate.get(v);
    if (r === undefined) problems[`taxTypes.${k}`] = `Xero's organisation has no tax type ${v}`;
    else if (k.endsWith('NoGst') && r !== 0)
      problems[`taxTypes.${k}`] = `${v} charges GST: before registration choose one without GST`;
    else if (!k.endsWith('NoGst') && registered && r !== 10)
      problems[`taxTypes.${k}`] = `${v} is not GST at 10%: the business is registered for GST`;
  }
  const first = Object.entries(problems)[0];
  if (first) throw new AppError('VALIDATION', first[1], { fields: problems });
}

async function organisationLists(
  xero: XeroGateway,
  conn: { tenantId: string; tokens: Parameters<XeroGateway['api']>[0] },
) {
  try {
    const api = xero.api(conn.tokens).accountingApi;
    const [accounts, rates] = await Promise.all([api.getAccounts(conn.tenantId), api.getTaxRates(conn.tenantId)]);
    return {
      accounts: (accounts.body.accounts ?? []).map((a) => ({
        code: a.code ?? '',
        name: a.name ?? '',
        type: String(a.type ?? ''),
      })),
      taxTypes: (rates.body.taxRates ?? []).map((t) => ({
        code: t.taxType ?? '',
        name: t.name ?? '',
        rate: Number(t.effectiveRate ?? 0),
      })),
    };
  } catch (err) {
    throw new AppError('UNAVAILABLE', `Xero: ${xeroErrorOf(err).message}`);
  }
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><meta http-equiv="refresh" content="3;url=/dashboard?tab=settings&amp;section=accounting"></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem"><h1>${title}</h1><p>${text
    .replaceAll('&', '&amp;')
    .replaceAll(
      '<',
      '&lt;',
    )}</p><p><a href="/dashboard?tab=settings&amp;section=accounting" style="display:inline-block;min-height:44px;padding:.75rem 0">Back to Settings</a></p></body></html>`;

export function accountingRoutes(deps: AppDeps, given?: XeroGateway): FastifyPluginAsync {
  return async (app) => {
    const made = given ? { gateway: given, close: async () => undefined } : defaultGateway(deps);
    const xero = made.gateway;
    const needXero = () => {
      if (!xero) throw new AppError('UNAVAILABLE', 'Xero is not set up: set XERO_CLIENT_ID and XERO_CLIENT_SECRET');
      return xero;
    };
    let periodic: Periodic | undefined;
    if (xero && deps.config.env !== 'test') {
      app.addHook('onReady', async () => {
        periodic = every({
          name: 'xero-sync',
          intervalMs: XERO_SYNC_MS,
          log: deps.log,
          claimIn: deps.db,
          run: () => syncNow(deps, xero),
        });
      });
    }
    app.addHook('onClose', async () => {
      await periodic?.stop();
      await made.close();
    });

    addRoute(app, accounting.overview, async () => {
      const setup = await readSetup(deps);
      const counts = await deps.db.execute<{ state: string; n: number; oldest: string | null }>(
        sql`select state, count(*)::int as n, min(failed_since)::text as oldest from ${accountingSync} group by state`,
      );
      const by = Object.fromEntries(counts.rows.map((r) => [r.state, r]));
      const { oldestSince } = await failingRecords(deps.db);
      const failingSeconds = oldestSince ? (deps.clock.now().getTime() - oldestSince.getTime()) / 1000 : null;
      return {
        connection: {
          connected: !!setup?.tokens,
          organisationName: setup?.organisationName ?? null,
          connectedAt: iso(setup?.connectedAt ?? null),
          error: setup?.connectionError ?? null,
          simulated: xero?.simulated ?? false,
        },
        mapping: await currentMapping(deps),
        counts: { waiting: by.waiting?.n ?? 0, sent: by.sent?.n ?? 0, failed: by.failed?.n ?? 0 },
        failingForADay: accountingIsFailing(failingSeconds),
      };
    });

    addRoute(app, accounting.choices, async () => {
      const conn = await liveConnection(deps, needXero());
      if (!conn) throw new AppError('CONFLICT', 'Xero is not connected');
      return organisationLists(needXero(), conn);
    });

    addRoute(app, accounting.saveMapping, async ({ body }) => {
      const mapping = accountingMapping.parse(body);
      if (xero) await checkMapping(deps, xero, mapping);
      return saveMapping(deps, mapping);
    });

    addRoute(app, accounting.connect, async ({ actor }) => ({
      authorizeUrl: await startConnection(deps, needXero(), actor.id),
    }));

    addRoute(app, accounting.callback, async ({ query, request }) => {
      const url = `${deps.config.publicBaseUrl}${request.url}`;
      const done = await finishConnection(deps, needXero(), query, url);
      return done.ok
        ? page('Xero connected', `Connected to ${done.organisationName}. The books are sent every few minutes.`)
        : page('Xero not connected', done.message);
    });

    addRoute(app, accounting.disconnect, async () => {
      await disconnect(deps, needXero());
    });

    addRoute(app, accounting.sync, async () => syncNow(deps, needXero()));

    addRoute(app, accounting.log, async ({ query }) => {
      const rows = await deps.db
        .select()
        .from(accountingSync)
        .where(query.state ? eq(accountingSync.state, query.state) : undefined)
        .orderBy(sql`${accountingSync.updatedAt} desc`, accountingSync.id)
        .limit(500);
      return rows.map(rowOut);
    });

    addRoute(app, accounting.retry, async ({ params }) => {
      // A malformed id is "not found", never a database error.
      if (!isUuid(params.id)) throw new AppError('NOT_FOUND', 'No such record');
      const row = await retry(deps, params.id);
      if (!row) {
        const [exists] = await deps.db
          .select({ id: accountingSync.id })
          .from(accountingSync)
          .where(and(eq(accountingSync.id, params.id)));
        throw exists
          ? new AppError('CONFLICT', 'Only a failed record is sent again')
          : new AppError('NOT_FOUND', 'No such record');
      }
      return rowOut(row);
    });

    addRoute(app, accounting.export, async ({ query }) => accountingExport(deps, query));
  };
}
