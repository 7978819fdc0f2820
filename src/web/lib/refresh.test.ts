import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listContracts } from '../../shared/contracts';
import { api } from './api';
import { keysAffectedBy, refreshAfterWrite } from './refresh';

/** A client holding one read per key, each fresh, so what a write makes stale can be seen. */
function clientWith(keys: QueryKey[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { read: true });
  return client;
}
const stale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

const jobsList = api.jobs.list.key({ query: { status: 'new' } });
const jobDetail = api.jobs.get.key({ params: { id: 'job-1' } });
const otherJob = api.jobs.get.key({ params: { id: 'job-2' } });
const technicians = api.jobs.technicians.key();
const invoices = api.invoices.list.key();
const invoiceOfJob = api.invoices.byJob.key({ params: { jobId: 'job-1' } });
const pnl = api.reports.profitAndLoss.key({ query: { startDate: '2026-11-01', endDate: '2026-11-30' } });
const expenses = api.expenses.list.key();
const calendar = api.staffSlots.calendar.key({ query: { from: '2026-11-23' } });
const publicSlots = api.slots.list.key({ query: { date: '2026-11-24' } });
const users = api.team.listUsers.key();
const jobProfit = api.purchaseInvoices.jobProfit.key({ params: { jobId: 'job-1' } });
const everything = [
  jobsList,
  jobDetail,
  otherJob,
  technicians,
  invoices,
  invoiceOfJob,
  pnl,
  expenses,
  calendar,
  publicSlots,
  users,
  jobProfit,
];

describe('after a write the browser reads again what its contract says it affects', () => {
  it("marking an invoice paid refreshes the invoices, the jobs (its job is paid), the reports and a job's profit, nothing else", async () => {
    const client = clientWith(everything);
    await refreshAfterWrite(client, api.invoices.update.contract, { params: { id: 'inv-1' } });
    expect(everything.filter((key) => stale(client, key))).toEqual([
      jobsList,
      jobDetail,
      otherJob,
      technicians,
      invoices,
      invoiceOfJob,
      pnl,
      jobProfit,
    ]);
  });

  it("a payment taken on site refreshes the job's profit, which reads the invoice the payment made", async () => {
    const client = clientWith(everything);
    await refreshAfterWrite(client, api.jobs.recordOnsitePayment.contract, { params: { id: 'job-1' } });
    expect(stale(client, jobProfit)).toBe(true);
  });

  it('an expense refreshes the expenses and the reports only', async () => {
    const client = clientWith(everything);
    await refreshAfterWrite(client, api.expenses.create.contract);
    expect(everything.filter((key) => stale(client, key))).toEqual([pnl, expenses]);
  });

  it('blocking a slot refreshes the staff calendar and the public slot lists, so the wizard sees it', async () => {
    const client = clientWith(everything);
    await refreshAfterWrite(client, api.staffSlots.block.contract, { params: { date: '2026-11-24', slot: '8-10 AM' } });
    expect(everything.filter((key) => stale(client, key))).toEqual([calendar, publicSlots]);
  });

  it("a deleted job's own detail is left alone (it would answer 404); every other job read is refreshed", async () => {
    const client = clientWith(everything);
    await refreshAfterWrite(client, api.jobs.remove.contract, { params: { id: 'job-1' } });
    expect(stale(client, jobDetail)).toBe(false);
    expect([jobsList, otherJob, technicians, calendar, publicSlots, pnl].every((key) => stale(client, key))).toBe(true);
  });

  it('every write the staff screens make declares what it affects, its own area included', () => {
    const staffWrites = listContracts().filter(
      ({ contract: c }) => c.method !== 'GET' && (c.access === 'staff' || c.access === 'admin'),
    );
    expect(staffWrites.length).toBeGreaterThan(20);
    for (const { area, name, contract } of staffWrites) {
      expect(contract.affects, `${area}.${name}`).toBeDefined();
      expect(keysAffectedBy(contract).length, `${area}.${name}`).toBeGreaterThan(0);
    }
  });
});
