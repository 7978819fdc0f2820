import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizedError } from '../../src/server/http/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { call, signedInStaff } from './staff-helpers';

/**
 * Server errors are logged without the data of the request (decision 256): a database error that
 * carries a customer's name and email in its statement's parameters is logged with its message,
 * code and statement text only.
 */
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ overrides: { logger: pino({ level: 'info' }, sink) } });
  // Every new customer row fails, as a full disk or a lost connection would fail it.
  await t.db.execute(
    sql.raw(
      `create function fail_customer_insert() returns trigger language plpgsql as $$ begin raise exception 'forced failure for the logging test'; end $$`,
    ),
  );
  await t.db.execute(
    sql.raw(
      `create trigger fail_customer_insert before insert on customers for each row execute function fail_customer_insert()`,
    ),
  );
});
afterAll(async () => {
  await t?.close();
});

const booking = (name: string, email: string) => ({
  customer: { name, email, phone: '0412 345 678' },
  vehicle: { make: 'Toyota', model: 'Corolla', year: '2018', color: 'White', registration: '1ABC234' },
  job: {
    serviceType: 'puncture-repair',
    scheduledDate: '2026-12-01',
    timeSlot: '10-12 AM',
    address: '12 Example Street',
    suburb: 'Joondalup',
    postcode: '6027',
    paymentMethod: 'onsite',
  },
});

describe('a database error is logged without customer data', () => {
  it('logs the failure and its code, never the name or email the statement carried', async () => {
    const admin = await signedInStaff(t, { role: 'admin' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/bookings',
      cookie: admin.cookie,
      payload: booking('Philippa Quenby-Marsh', 'philippa.quenby@example.com'),
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).not.toContain('Quenby');
    expect(log).not.toContain('philippa.quenby@example.com');
    expect(log).not.toMatch(/"params"|"parameters"/);
    expect(log).toContain('forced failure for the logging test');
    expect(log).toContain('P0001');
  });
});

describe('sanitizedError', () => {
  it('cuts a statement message at its parameters even when a value spans lines (notes), in the message and the stack', () => {
    const err = new Error(
      'Failed query: insert into "jobs" ("notes", "email") values ($1, $2)\nparams: Gate code 4411\nCustomer Philippa Quenby, 0412 345 678,philippa@example.com',
    );
    const logged = JSON.stringify(sanitizedError(err));
    expect(logged).toContain('Failed query: insert into \\"jobs\\"');
    expect(logged).not.toContain('Gate code');
    expect(logged).not.toContain('Quenby');
    expect(logged).not.toContain('philippa@example.com');
    expect(logged).toContain('error-logging.test.ts');
  });
});
