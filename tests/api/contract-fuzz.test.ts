import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listContracts } from '../../src/shared/contracts';
import type { ContractDef } from '../../src/shared/contracts/contract';
import { addDays } from '../../src/shared/domain/perth-time';
import { TIME_SLOTS } from '../../src/shared/domain/slots';
import { publicBookingRequest, staffBookingRequest } from '../../src/shared/schemas/booking';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../../src/server/db/seed/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  fieldPaths,
  HOSTILE_JSON,
  HOSTILE_TEXT,
  MISSING,
  objectShape,
  plausibleObject,
  plausibleValue,
  withField,
} from '../helpers/hostile-inputs';
import fc from 'fast-check';
import { signedInStaff } from './staff-helpers';

/**
 * A staff fuzz of every contract (docs/product.md "API conventions": every bad input is a 400 with
 * a message, never a 500). Signed in as an admin, each operation gets a plausible request built from
 * its own schemas, then every field of its path, query and body in turn is replaced by each value of
 * a fixed table of hostile inputs (tests/helpers/hostile-inputs.ts) or left out. No answer may be 5xx.
 * The same again as a technician (the staff operations, on their own job) and signed out (the public ones).
 * An operation added later is fuzzed automatically.
 *
 * `npm test` (CI) sends every request of the table (CONTRACT_FUZZ=all). `npm run check` sends a
 * sample of each operation's requests, the same sample every run (a fixed fast-check seed; set
 * CONTRACT_FUZZ_SEED to draw another), so the quick loop stays quick: docs/decisions/391-check-loop-budget.md.
 */
const EVERY_REQUEST = process.env.CONTRACT_FUZZ === 'all';
const SAMPLE_SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? 391);
const SAMPLE_SIZE = 8;
let t: TestApp;
let address = 0;
let fixtures = 0;
/** Every request from its own address, so the per-address limits answer none of them 429. */
const nextAddress = () => `10.9.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

afterAll(async () => {
  await t?.close();
});
beforeAll(async () => {
  t = await createTestApp();
});

type Fixture = {
  cookie: string;
  technicianCookie: string;
  ids: Record<string, string>;
  pathIds: (path: string, name: string) => string;
};

/** Fresh rows for each operation: what one operation changes (a cancel, a delete) does not starve the next. */
async function fixture(): Promise<Fixture> {
  const [admin, technician, other] = await Promise.all([
    signedInStaff(t, { role: 'admin' }),
    signedInStaff(t, { role: 'technician' }),
    signedInStaff(t, { role: 'technician' }),
  ]);
  // The admin has two-factor on: the fuzz of the security setting may require it of admins (decision 321), and must not refuse the operations after it.
  await t.db.update(users).set({ mfaSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, admin.user.id));
  // Each fixture's job on its own slot, clear of the day the plausible requests ask for (2026-12-01).
  const n = fixtures++;
  const job = await insertJob(t.db, {
    scheduledDay: addDays('2027-01-04', Math.floor(n / 4)),
    timeSlot: TIME_SLOTS[n % 4],
    assignedTechnicianId: technician.user.id,
    status: 'completed',
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/dashboard/customer-invoices',
    headers: { cookie: admin.cookie },
    payload: { jobId: job.id, items: [{ description: 'Labour', quantity: 1, unitPrice: '100.00' }] },
  });
  expect(created.statusCode, created.body).toBeLessThan(300);
  const invoice = (JSON.parse(created.body) as { customerInvoice: { id: string; items: { id: string }[] } })
    .customerInvoice;
  const [purchase, expense] = await Promise.all([insertPurchaseInvoice(t.db, { jobId: job.id }), insertExpense(t.db)]);
  const ids = { jobId: job.id, technicianId: technician.user.id, ids: invoice.id, user: admin.user.id, kind: 'job' };
  const pathIds = (path: string, name: string): string => {
    if (name === 'itemId') return invoice.items[0]!.id;
    if (name === 'jobId') return job.id;
    if (name === 'userId') return other.user.id;
    if (name !== 'id') return '';
    if (path.includes('/customer-invoices/')) return invoice.id;
    if (path.includes('/purchase-invoices/')) return purchase.id;
    if (path.includes('/business-expenses/')) return expense.id;
    if (path.includes('/technicians/')) return technician.user.id;
    return job.id;
  };
  return { cookie: admin.cookie, technicianCookie: technician.cookie, ids, pathIds };
}

/** A path parameter a well-meaning client would send. */
function plausibleParam(contract: ContractDef, name: string, f: Fixture): string {
  const id = f.pathIds(contract.path, name);
  if (id) return id;
  if (/date/i.test(name)) return '2026-12-01';
  if (/slot/i.test(name)) return '10-12 AM';
  if (/token/i.test(name)) return 'tok_unknown';
  if (/size/i.test(name)) return '205-55R16';
  if (/suburb/i.test(name)) return 'joondalup';
  if (/version/i.test(name)) return '1';
  return 'x';
}

type Request = { label: string; params: Record<string, string>; query: Record<string, unknown>; body: unknown };

/** The bodies to fuzz: the contract's, or for the booking that takes either shape, both shapes. */
function bodySchemas(area: string, name: string, contract: ContractDef): z.ZodType[] {
  if (area === 'bookings' && name === 'create') return [staffBookingRequest, publicBookingRequest];
  return contract.body && !contract.multipart ? [contract.body] : [];
}

/** A plausible body; one that is a list (the tyres fitted on a job) is built element by element. */
const plausibleBody = (schema: z.ZodType, ids: Record<string, string>) =>
  objectShape(schema) ? plausibleObject(schema, ids) : plausibleValue(schema, 'body', ids);

const show = (v: unknown) => (v === MISSING ? 'missing' : String(JSON.stringify(v)).slice(0, 40));

function requestsFor(area: string, name: string, contract: ContractDef, f: Fixture): Request[] {
  const paramNames = [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = Object.fromEntries(paramNames.map((n) => [n, plausibleParam(contract, n, f)]));
  const query = contract.query ? plausibleObject(contract.query, f.ids) : {};
  const bodies = bodySchemas(area, name, contract).map((s) => plausibleBody(s, f.ids));
  const base = { params, query, body: bodies[0] };
  const out: Request[] = [];
  for (const p of paramNames)
    for (const v of HOSTILE_TEXT) out.push({ ...base, label: `param ${p}=${show(v)}`, params: { ...params, [p]: v } });
  for (const key of Object.keys(objectShape(contract.query) ?? {})) {
    for (const v of [...HOSTILE_TEXT, ['1', '2'], MISSING])
      out.push({
        ...base,
        label: `query ${key}=${show(v)}`,
        query: withField(query, [key], v) as Record<string, unknown>,
      });
  }
  for (const body of bodies) {
    out.push({ ...base, body, label: 'plausible body' });
    for (const v of [[], 'text', null, 1e21]) out.push({ ...base, body: v, label: `body ${JSON.stringify(v)}` });
    for (const path of fieldPaths(body)) {
      for (const v of [...HOSTILE_JSON, MISSING])
        out.push({ ...base, body: withField(body, path, v), label: `body ${path.join('.')}=${show(v)}` });
    }
  }
  if (!out.length) out.push({ ...base, label: 'plausible request' });
  return EVERY_REQUEST ? out : sampleOf(out);
}

/** The plausible requests, and a fixed-seed sample of the hostile ones. */
function sampleOf(requests: Request[]): Request[] {
  const isPlausible = (r: Request) => r.label.startsWith('plausible');
  const hostile = requests.filter((r) => !isPlausible(r));
  if (hostile.length <= SAMPLE_SIZE) return requests;
  const [picked] = fc.sample(fc.shuffledSubarray(hostile, { minLength: SAMPLE_SIZE, maxLength: SAMPLE_SIZE }), {
    seed: SAMPLE_SEED,
    numRuns: 1,
  });
  return [...requests.filter(isPlausible), ...picked!];
}

function url(contract: ContractDef, r: Request): string {
  const path = contract.path.replace(/:(\w+)/g, (_m, n: string) => encodeURIComponent(r.params[n] ?? ''));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(r.query))
    for (const one of [v].flat()) if (one !== undefined) search.append(k, String(one));
  const q = search.toString();
  return q ? `${path}?${q}` : path;
}

/** The requests of one operation that the server answered with a 5xx, as the caller with this cookie. */
async function serverFaults(
  area: string,
  name: string,
  contract: ContractDef,
  f: Fixture,
  cookie: string | undefined,
): Promise<string[]> {
  const failures: string[] = [];
  for (const r of requestsFor(area, name, contract, f)) {
    const res = await t.app.inject({
      method: contract.method,
      url: url(contract, r),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      remoteAddress: nextAddress(),
      ...(r.body === undefined || contract.method === 'GET' ? {} : { payload: JSON.stringify(r.body) }),
    });
    if (res.statusCode >= 500)
      failures.push(
        `${contract.method} ${url(contract, r).slice(0, 120)} ${r.label}: ${res.statusCode} ${res.body.slice(0, 160)}`,
      );
  }
  return failures;
}

/** Webhooks prove themselves with a signature (their own tests); every other operation is fuzzed, each with its own session and rows. */
const fuzzed = listContracts().filter(({ contract }) => contract.access !== 'webhook');

describe('a staff fuzz of every contract answers no bad input with a 5xx', () => {
  it('builds for every contract a plausible query and body its schemas accept, so hostile values reach past the first field', async () => {
    const f = await fixture();
    const refused: string[] = [];
    for (const { area, name, contract } of fuzzed) {
      if (contract.query) {
        const issues = contract.query.safeParse(plausibleObject(contract.query, f.ids)).error?.issues ?? [];
        if (issues.length)
          refused.push(`${area}.${name} query: ${issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
      for (const schema of bodySchemas(area, name, contract)) {
        const issues = schema.safeParse(plausibleBody(schema, f.ids)).error?.issues ?? [];
        if (issues.length)
          refused.push(`${area}.${name} body: ${issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it.each(
    fuzzed.map(
      ({ area, name, contract }) =>
        [`${area}.${name} ${contract.method} ${contract.path}`, area, name, contract] as const,
    ),
  )('%s', async (_label, area, name, contract) => {
    const f = await fixture();
    expect(await serverFaults(area, name, contract, f, f.cookie)).toEqual([]);
  });

  // A technician reaches the staff operations on their own job; anyone reaches the public ones.
  const asTechnician = fuzzed.filter(({ contract }) => contract.access === 'staff');
  const asAnyone = fuzzed.filter(
    ({ contract }) => contract.access === 'public' || contract.access === 'optional-staff',
  );
  it.each([
    ...asTechnician.map(
      ({ area, name, contract }) => [`as a technician: ${area}.${name}`, area, name, contract, 'technician'] as const,
    ),
    ...asAnyone.map(
      ({ area, name, contract }) => [`signed out: ${area}.${name}`, area, name, contract, 'anyone'] as const,
    ),
  ])('%s', async (_label, area, name, contract, who) => {
    const f = await fixture();
    expect(await serverFaults(area, name, contract, f, who === 'technician' ? f.technicianCookie : undefined)).toEqual(
      [],
    );
  });
});
