import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SyncKind } from '../../shared/domain/accounting';
import { formatCents, toCents } from '../../shared/domain/money';
import type { AppDeps } from '../deps';
import {
  accountingSync,
  businessExpenses,
  creditNotes,
  customerInvoices,
  onsitePayments,
  purchaseInvoices,
} from '../db/schema';
import { perthToday } from '../../shared/domain/perth-time';
import { perthDayOf } from '../db/perth-sql';
import { loadPurchaseDocuments, loadSales, type PurchaseDocument, type SaleDocument } from './export';
import { currentMapping, liveConnection, markConnectionBroken, pauseCalls, takeCall, type Connection } from './setup';
import { XeroError, xeroErrorOf, type XeroGateway } from './xero-gateway';

/**
 * Sending the books to Xero, each record once (docs/decisions/418-xero-sync.md).
 *
 * 1. Discover: one accounting_sync row per record to send is inserted if missing (ON CONFLICT DO
 *    NOTHING on kind and record), from the app's own tables, so no other area's code has to call in.
 * 2. Send, kind by kind in the order Xero needs (a payment needs its invoice there first): rows are
 *    claimed for a few minutes with FOR UPDATE SKIP LOCKED (the outbox's claimDue), each call
 *    carries the row's id as Xero's Idempotency-Key, and the Xero id is written beside the record.
 * 3. A 400 is a refusal: the row fails with Xero's own message and the others go on. A 429 pauses
 *    every instance until Retry-After; a 5xx or no answer is tried again later with backoff. A
 *    refused connection (401/403, a refresh refused) stops the sync until the owner connects again.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'settings' | 'log'>;
type SyncRow = typeof accountingSync.$inferSelect;

const CLAIM_MS = 5 * 60_000;
const BATCH = 25;
const SEND_ORDER: SyncKind[] = ['invoice', 'credit-note', 'bill', 'expense', 'void', 'allocation', 'payment', 'refund'];

/** Backoff after a failure Xero may get over: 1, 2, 4 … minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/** Inserts the rows of records not yet known to the sync. */
export async function discover(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  // Due from the app's clock, not the database's: the two agree in production, and tests move the app's.
  const now = deps.clock.now().toISOString();
  const i = customerInvoices;
  const c = creditNotes;
  const ins = (kind: SyncKind, select: ReturnType<typeof sql>) =>
    deps.db.execute(
      sql`insert into ${accountingSync} (kind, record_id, label, next_attempt_at) select ${kind}, id, label, ${now}::timestamptz from (${select}) s on conflict (kind, record_id) do nothing`,
    );
  await ins(
    'invoice',
    sql`select ${i.id}::text as id, 'Invoice ' || ${i.invoiceNumber} as label from ${i} where ${i.status} in ('sent', 'overdue', 'paid')`,
  );
  await ins(
    'credit-note',
    sql`select ${c.id}::text as id, 'Credit note ' || ${c.number} as label from ${c} join ${i} on ${i.id} = ${c.customerInvoiceId} where ${i.status} <> 'cancelled'`,
  );
  await ins(
    'bill',
    sql`select id::text as id, 'Supplier bill ' || invoice_number || ' (' || supplier_name || ')' as label from ${purchaseInvoices}`,
  );
  await ins(
    'expense',
    sql`select id::text as id, 'Expense ' || coalesce(invoice_number || ' ', '') || '(' || supplier_name || ')' as label from ${businessExpenses}`,
  );
  await ins(
    'payment',
    sql`select ${i.id}::text as id, 'Payment of ' || ${i.invoiceNumber} as label from ${i} where ${i.status} = 'paid' and ${i.paidAt} is not null`,
  );
  // Given back before the invoice was paid: allocated to it; after: a refund of the credit note.
  const paidBy = sql`(${i.status} = 'paid' and ${i.paidAt} is not null and (${perthDayOf(i.paidAt)})::date <= ${c.creditDate})`;
  await ins(
    'allocation',
    sql`select ${c.id}::text as id, 'Credit ' || ${c.number} || ' against ' || ${i.invoiceNumber} as label from ${c} join ${i} on ${i.id} = ${c.customerInvoiceId} where ${i.status} <> 'cancelled' and not ${paidBy}`,
  );
  await ins(
    'refund',
    sql`select ${c.id}::text as id, 'Refund of ' || ${c.number} as label from ${c} join ${i} on ${i.id} = ${c.customerInvoiceId} where ${i.status} <> 'cancelled' and ${paidBy}`,
  );
  // A void is sent only for an invoice Xero already has: one voided before it was sent is never sent.
  await ins(
    'void',
    sql`select ${i.id}::text as id, 'Void of ' || ${i.invoiceNumber} as label from ${i} join ${accountingSync} s on s.kind = 'invoice' and s.record_id = ${i.id}::text and s.xero_id is not null where ${i.status} = 'cancelled'`,
  );
}

/** Claims up to BATCH due rows of a kind for this run (the outbox's claimDue, FOR UPDATE SKIP LOCKED). */
async function claim(deps: Deps, kind: SyncKind, runId: string): Promise<SyncRow[]> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + CLAIM_MS);
  const s = accountingSync;
  const result = await deps.db.execute<{ id: string }>(sql`
    update ${s} set claimed_until = ${until.toISOString()}::timestamptz, claimed_by = ${runId}
    where id in (
      select id from ${s}
      where kind = ${kind} and state = 'waiting' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by created_at, id limit ${BATCH} for update skip locked)
    returning id`);
  const ids = result.rows.map((r) => r.id);
  if (!ids.length) return [];
  return deps.db
    .select()
    .from(s)
    .where(
      sql`${s.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(s.createdAt, s.id);
}

const mine = (row: SyncRow, runId: string) => and(eq(accountingSync.id, row.id), eq(accountingSync.claimedBy, runId));

async function settleSent(deps: Deps, row: SyncRow, runId: string, xeroId: string | null) {
  await deps.db
    .update(accountingSync)
    .set({
      state: 'sent',
      xeroId,
      sentAt: deps.clock.now(),
      lastError: null,
      failedSince: null,
      claimedUntil: null,
      attempts: row.attempts + 1,
      updatedAt: deps.clock.now(),
    })
    .where(mine(row, runId));
}

async function release(deps: Deps, row: SyncRow, runId: string) {
  await deps.db.update(accountingSync).set({ claimedUntil: null }).where(mine(row, runId));
}

async function settleFailed(deps: Deps, row: SyncRow, runId: string, err: XeroError, nextAt: Date | null) {
  const now = deps.clock.now();
  await deps.db
    .update(accountingSync)
    .set({
      // A refusal waits for the owner's "send again"; a passing trouble is tried again by itself.
      state: nextAt ? 'waiting' : 'failed',
      lastError: err.message,
      attempts: row.attempts + 1,
      nextAttemptAt: nextAt ?? now,
      failedSince: row.failedSince ?? now,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(mine(row, runId));
}

/** Why a record cannot go yet: what it needs is not in Xero. */
class NotYet extends Error {}

type Ctx = {
  deps: Deps;
  xero: XeroGateway;
  conn: Connection;
  runId: string;
  mapping: Awaited<ReturnType<typeof currentMapping>>;
};

async function call<T>(ctx: Ctx, fn: () => Promise<{ body: T }>): Promise<T> {
  if (!(await takeCall(ctx.deps))) throw new OutOfCalls();
  try {
    return (await fn()).body;
  } catch (err) {
    throw xeroErrorOf(err);
  }
}

/** The minute's calls are spent (or a 429's pause lasts): the run stops, the rest waits. */
class OutOfCalls extends Error {}

async function xeroIdOf(deps: Deps, kind: SyncKind, recordId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ xeroId: accountingSync.xeroId })
    .from(accountingSync)
    .where(and(eq(accountingSync.kind, kind), eq(accountingSync.recordId, recordId)));
  return row?.xeroId ?? null;
}

/**
 * The contact's Xero id, made once: its own sync row, claimed like any other. Found by name in
 * Xero first (a contact the owner already keeps there), else created.
 */
async function contactId(ctx: Ctx, name: string, email: string): Promise<string> {
  const key = name.trim().toLowerCase();
  const { deps } = ctx;
  await deps.db
    .insert(accountingSync)
    .values({ kind: 'contact', recordId: key, label: `Contact ${name.trim()}`, nextAttemptAt: deps.clock.now() })
    .onConflictDoNothing();
  const existing = await xeroIdOf(deps, 'contact', key);
  if (existing) return existing;
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(accountingSync)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), claimedBy: ctx.runId })
    .where(
      sql`${accountingSync.kind} = 'contact' and ${accountingSync.recordId} = ${key} and ${accountingSync.state} <> 'sent'
          and (${accountingSync.claimedUntil} is null or ${accountingSync.claimedUntil} < ${now.toISOString()}::timestamptz)`,
    )
    .returning();
  if (!row) throw new NotYet('The contact is being sent by another run');
  try {
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    const found = await call(ctx, () =>
      api.getContacts(ctx.conn.tenantId, undefined, `Name=="${name.trim().replaceAll('"', '')}"`),
    );
    let id = found.contacts?.[0]?.contactID;
    if (!id) {
      const made = await call(ctx, () =>
        api.createContacts(
          ctx.conn.tenantId,
          { contacts: [{ name: name.trim(), ...(email ? { emailAddress: email } : {}) }] },
          false,
          row.id,
        ),
      );
      id = made.contacts?.[0]?.contactID;
    }
    if (!id) throw new XeroError(500, 'Xero answered without the contact');
    await settleSent(deps, row, ctx.runId, id);
    return id;
  } catch (err) {
    if (err instanceof XeroError && !err.retryable && !err.connectionRefused)
      await settleFailed(deps, row, ctx.runId, err, null);
    else await release(deps, row, ctx.runId);
    throw err;
  }
}

const money = (c: number) => Number(formatCents(c));
const lineAmountTypes = (taxed: boolean) => (taxed ? 'Inclusive' : 'NoTax');

async function saleOf(ctx: Ctx, kind: 'invoice' | 'credit-note', id: string): Promise<SaleDocument | null> {
  const { deps } = ctx;
  const day =
    kind === 'invoice'
      ? (
          await deps.db
            .select({ d: customerInvoices.invoiceDate })
            .from(customerInvoices)
            .where(eq(customerInvoices.id, id))
        )[0]?.d
      : (await deps.db.select({ d: creditNotes.creditDate }).from(creditNotes).where(eq(creditNotes.id, id)))[0]?.d;
  if (!day) return null;
  const [doc] = await loadSales(deps, { startDate: day, endDate: day }, ctx.mapping, { ids: [id] });
  return doc ?? null;
}

const saleLines = (doc: SaleDocument, sign = 1) =>
  doc.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitAmount: money(sign * l.unit),
    accountCode: l.accountCode,
    taxType: l.taxType,
    taxAmount: money(sign * l.gst),
  }));

/** Each kind's one call; answers the Xero id, or null when there is nothing to send. */
const senders: Record<Exclude<SyncKind, 'contact'>, (ctx: Ctx, row: SyncRow) => Promise<string | null>> = {
  async invoice(ctx, row) {
    const doc = await saleOf(ctx, 'invoice', row.recordId);
    if (!doc) return null; // voided or back to draft before it was sent: nothing to send
    const contact = await contactId(ctx, doc.contactName, doc.contactEmail);
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    const body = await call(ctx, () =>
      api.createInvoices(
        ctx.conn.tenantId,
        {
          invoices: [
            {
              type: 'ACCREC',
              contact: { contactID: contact },
              invoiceNumber: doc.number,
              reference: doc.reference,
              date: doc.date,
              dueDate: doc.dueDate,
              lineAmountTypes: lineAmountTypes(doc.taxed),
              lineItems: saleLines(doc),
              status: 'AUTHORISED',
            } as never,
          ],
        },
        false,
        undefined,
        row.id,
      ),
    );
    return body.invoices?.[0]?.invoiceID ?? null;
  },
  async 'credit-note'(ctx, row) {
    const doc = await saleOf(ctx, 'credit-note', row.recordId);
    if (!doc) return null;
    const contact = await contactId(ctx, doc.contactName, doc.contactEmail);
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    const body = await call(ctx, () =>
      api.createCreditNotes(
        ctx.conn.tenantId,
        {
          creditNotes: [
            {
              type: 'ACCRECCREDIT',
              contact: { contactID: contact },
              creditNoteNumber: doc.number,
              reference: doc.reference,
              date: doc.date,
              lineAmountTypes: lineAmountTypes(doc.taxed),
              // A credit note's amounts are positive in Xero: its type makes it money given back.
              lineItems: saleLines(doc, -1),
              status: 'AUTHORISED',
            } as never,
          ],
        },
        false,
        undefined,
        row.id,
      ),
    );
    return body.creditNotes?.[0]?.creditNoteID ?? null;
  },
  async bill(ctx, row) {
    return sendPurchase(ctx, row, 'bill');
  },
  async expense(ctx, row) {
    return sendPurchase(ctx, row, 'expense');
  },
  async void(ctx, row) {
    const invoiceXeroId = await xeroIdOf(ctx.deps, 'invoice', row.recordId);
    if (!invoiceXeroId) throw new NotYet('The invoice is not in Xero');
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    // An issued invoice is never edited in Xero: it is voided, as Xero expects.
    await call(ctx, () =>
      api.updateInvoice(
        ctx.conn.tenantId,
        invoiceXeroId,
        { invoices: [{ status: 'VOIDED' } as never] },
        undefined,
        row.id,
      ),
    );
    return invoiceXeroId;
  },
  async allocation(ctx, row) {
    const [note] = await ctx.deps.db.select().from(creditNotes).where(eq(creditNotes.id, row.recordId));
    if (!note) return null;
    const [cnId, invId] = await Promise.all([
      xeroIdOf(ctx.deps, 'credit-note', note.id),
      xeroIdOf(ctx.deps, 'invoice', note.customerInvoiceId),
    ]);
    if (!cnId || !invId) throw new NotYet('The credit note or its invoice is not in Xero');
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    const body = await call(ctx, () =>
      api.createCreditNoteAllocation(
        ctx.conn.tenantId,
        cnId,
        {
          allocations: [{ invoice: { invoiceID: invId }, amount: Number(note.amount), date: note.creditDate } as never],
        },
        false,
        row.id,
      ),
    );
    return body.allocations?.[0]?.allocationID ?? cnId;
  },
  async payment(ctx, row) {
    const [inv] = await ctx.deps.db.select().from(customerInvoices).where(eq(customerInvoices.id, row.recordId));
    if (!inv?.paidAt || inv.status !== 'paid') return null;
    const invId = await xeroIdOf(ctx.deps, 'invoice', inv.id);
    if (!invId) throw new NotYet('The invoice is not in Xero');
    const paidDay = perthToday(inv.paidAt);
    // What was owed when it was paid: the total less the credit notes allocated before.
    const credited = await ctx.deps.db.execute<{ s: string | null }>(
      sql`select sum(amount)::text as s from ${creditNotes} where customer_invoice_id = ${inv.id} and credit_date <= ${paidDay}::date`,
    );
    const amount = toCents(inv.totalAmount) - toCents(credited.rows[0]?.s ?? '0');
    if (amount <= 0) return null;
    const [onsite] = await ctx.deps.db
      .select({ method: onsitePayments.method })
      .from(onsitePayments)
      .where(and(eq(onsitePayments.customerInvoiceId, inv.id), sql`${onsitePayments.reversedAt} is null`));
    const method = onsite?.method ?? 'online';
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    const body = await call(ctx, () =>
      api.createPayments(
        ctx.conn.tenantId,
        {
          payments: [
            {
              invoice: { invoiceID: invId },
              account: { code: ctx.mapping.payments[method] },
              date: paidDay,
              amount: money(amount),
              reference: `${inv.invoiceNumber} ${method}`,
            } as never,
          ],
        },
        false,
        row.id,
      ),
    );
    return body.payments?.[0]?.paymentID ?? null;
  },
  async refund(ctx, row) {
    const [note] = await ctx.deps.db.select().from(creditNotes).where(eq(creditNotes.id, row.recordId));
    if (!note) return null;
    const cnId = await xeroIdOf(ctx.deps, 'credit-note', note.id);
    if (!cnId) throw new NotYet('The credit note is not in Xero');
    const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
    // Money paid back on a credit note is a payment against the credit note, out of the card account.
    const body = await call(ctx, () =>
      api.createPayments(
        ctx.conn.tenantId,
        {
          payments: [
            {
              creditNote: { creditNoteID: cnId },
              account: { code: ctx.mapping.payments.online },
              date: note.creditDate,
              amount: Number(note.amount),
              reference: `Refund ${note.number}`,
            } as never,
          ],
        },
        false,
        row.id,
      ),
    );
    return body.payments?.[0]?.paymentID ?? null;
  },
};

async function sendPurchase(ctx: Ctx, row: SyncRow, kind: 'bill' | 'expense'): Promise<string | null> {
  const table = kind === 'bill' ? purchaseInvoices : businessExpenses;
  const dateCol = kind === 'bill' ? purchaseInvoices.invoiceDate : businessExpenses.expenseDate;
  const [found] = await ctx.deps.db.select({ d: dateCol }).from(table).where(eq(table.id, row.recordId));
  if (!found) return null;
  const doc = (await loadPurchaseDocuments(ctx.deps, { startDate: found.d, endDate: found.d }, ctx.mapping)).find(
    (d) => d.id === row.recordId && d.kind === kind,
  );
  if (!doc) return null;
  const contact = await contactId(ctx, doc.contactName, '');
  const api = ctx.xero.api(ctx.conn.tokens).accountingApi;
  const line = purchaseLine(doc);
  if (kind === 'expense' && ctx.mapping.expenseMode === 'spend-money') {
    const body = await call(ctx, () =>
      api.createBankTransactions(
        ctx.conn.tenantId,
        {
          bankTransactions: [
            {
              type: 'SPEND',
              contact: { contactID: contact },
              bankAccount: { code: ctx.mapping.payments.eftpos },
              date: doc.date,
              reference: doc.number,
              lineAmountTypes: lineAmountTypes(doc.taxed),
              lineItems: [line],
            } as never,
          ],
        },
        false,
        undefined,
        row.id,
      ),
    );
    return body.bankTransactions?.[0]?.bankTransactionID ?? null;
  }
  const body = await call(ctx, () =>
    api.createInvoices(
      ctx.conn.tenantId,
      {
        invoices: [
          {
            type: 'ACCPAY',
            contact: { contactID: contact },
            invoiceNumber: doc.number,
            date: doc.date,
            dueDate: doc.dueDate,
            lineAmountTypes: lineAmountTypes(doc.taxed),
            lineItems: [line],
            status: 'AUTHORISED',
          } as never,
        ],
      },
      false,
      undefined,
      row.id,
    ),
  );
  return body.invoices?.[0]?.invoiceID ?? null;
}

const purchaseLine = (d: PurchaseDocument) => ({
  description: d.description,
  quantity: 1,
  unitAmount: money(d.total),
  accountCode: d.accountCode,
  taxType: d.taxType,
  taxAmount: money(d.gst),
});

export type SyncResult = { sent: number; failed: number; waiting: number };

/** One sync: discover, then send what is due, kind by kind. */
export async function syncNow(deps: Deps, xero: XeroGateway): Promise<SyncResult> {
  await discover(deps);
  const conn = await liveConnection(deps, xero);
  const result = { sent: 0, failed: 0, waiting: 0 };
  if (conn) {
    const ctx: Ctx = { deps, xero, conn, runId: randomUUID(), mapping: await currentMapping(deps) };
    await sendAll(ctx, result);
  }
  const [counts] = (
    await deps.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from ${accountingSync} where state = 'waiting'`,
    )
  ).rows;
  result.waiting = counts?.waiting ?? 0;
  return result;
}

async function sendAll(ctx: Ctx, result: SyncResult): Promise<void> {
  const { deps } = ctx;
  for (const kind of SEND_ORDER) {
    const rows = await claim(deps, kind, ctx.runId);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      try {
        const xeroId = await senders[kind as Exclude<SyncKind, 'contact'>](ctx, row);
        await settleSent(deps, row, ctx.runId, xeroId);
        result.sent++;
      } catch (err) {
        if (err instanceof NotYet) {
          await release(deps, row, ctx.runId);
          continue;
        }
        if (err instanceof OutOfCalls) {
          for (const rest of rows.slice(i)) await release(deps, rest, ctx.runId);
          return;
        }
        const e = xeroErrorOf(err);
        if (e.connectionRefused) {
          await markConnectionBroken(deps, e.message);
          for (const rest of rows.slice(i)) await release(deps, rest, ctx.runId);
          return;
        }
        if (e.status === 429) {
          const until = await pauseCalls(deps, e.retryAfterSeconds ?? 60);
          await settleFailed(deps, row, ctx.runId, e, until);
          for (const rest of rows.slice(i + 1)) await release(deps, rest, ctx.runId);
          return;
        }
        if (e.retryable) {
          await settleFailed(
            deps,
            row,
            ctx.runId,
            e,
            new Date(deps.clock.now().getTime() + backoffMs(row.attempts + 1)),
          );
          continue;
        }
        deps.log.warn({ kind, recordId: row.recordId, status: e.status }, 'Xero refused a record');
        await settleFailed(deps, row, ctx.runId, e, null);
        result.failed++;
      }
    }
  }
}

/** "Send again": a failed record waits for the next sync. */
export async function retry(deps: Pick<AppDeps, 'db' | 'clock'>, id: string): Promise<SyncRow | undefined> {
  const [row] = await deps.db
    .update(accountingSync)
    .set({ state: 'waiting', nextAttemptAt: deps.clock.now(), updatedAt: deps.clock.now() })
    .where(and(eq(accountingSync.id, id), eq(accountingSync.state, 'failed')))
    .returning();
  return row;
}
