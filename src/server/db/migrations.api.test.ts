import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migrations must carry existing rows along, not only build an empty database: each test migrates
 * up to a point, writes rows as the code of that time would have, then applies the rest.
 */
const drizzleFolder = path.resolve(import.meta.dirname, '../../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder holding only the migrations before `tag`. */
function migrationsBefore(tag: string): string {
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  temporary.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  const kept = journal.entries.slice(0, index);
  for (const e of kept) fs.copyFileSync(path.join(drizzleFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}

async function databaseBefore(tag: string) {
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsBefore(tag) });
  return { client, finish: () => migrate(db, { migrationsFolder: drizzleFolder }) };
}

describe('migrations keep existing rows', () => {
  it('gives every existing job the contact its customer had (decision 191)', async () => {
    const { client, finish } = await databaseBefore('0002_job_contact');
    try {
      const { rows } = await client.query<{ id: string }>(
        `insert into customers (name, email, phone) values ('Olive Owner', 'olive@example.com', '0400 333 333') returning id`,
      );
      const customerId = rows[0]!.id;
      await client.query(
        `insert into jobs (customer_id, service_type, scheduled_date, scheduled_day, time_slot, address, suburb, postcode)
         values ($1, 'puncture-repair', '2026-11-24T02:00:00Z', '2026-11-24', '10-12 AM', '1 Example St', 'Joondalup', '6027')`,
        [customerId],
      );
      await finish();
      const jobs = await client.query(`select contact_name, contact_phone, contact_email from jobs`);
      expect(jobs.rows).toEqual([
        { contact_name: 'Olive Owner', contact_phone: '0400 333 333', contact_email: 'olive@example.com' },
      ]);
      // From now on a job without its contact is refused.
      await expect(
        client.query(
          `insert into jobs (customer_id, service_type, scheduled_date, scheduled_day, time_slot, address, suburb, postcode)
           values ($1, 'puncture-repair', '2026-11-25T02:00:00Z', '2026-11-25', '10-12 AM', '1 Example St', 'Joondalup', '6027')`,
          [customerId],
        ),
      ).rejects.toThrow(/contact_name/);
    } finally {
      await client.close();
    }
  });

  it('gives the holds of paid bookings their payment time, so their tokens stop showing personal data (decision 193)', async () => {
    const { client, finish } = await databaseBefore('0006_hold_paid_at');
    try {
      const { rows } = await client.query<{ id: string }>(
        `insert into customers (name, email, phone) values ('Sam', 'sam@example.com', '0400 000 000') returning id`,
      );
      const insertJob = async (day: string, paymentStatus: string) =>
        (
          await client.query<{ id: string }>(
            `insert into jobs (customer_id, service_type, scheduled_date, scheduled_day, time_slot, address, suburb, postcode, contact_name, contact_phone, contact_email, payment_method, payment_status, updated_at)
             values ($1, 'puncture-repair', $2::date + time '02:00', $2, '10-12 AM', '1 Example St', 'Joondalup', '6027', 'Sam', '0400 000 000', 'sam@example.com', 'prepaid', $3, '2026-11-20T05:00:00Z') returning id`,
            [rows[0]!.id, day, paymentStatus],
          )
        ).rows[0]!.id;
      const paid = await insertJob('2026-11-24', 'paid');
      const paidWithoutEvent = await insertJob('2026-11-25', 'paid');
      const unpaid = await insertJob('2026-11-26', 'pending');
      for (const [i, jobId] of [paid, paidWithoutEvent, unpaid].entries()) {
        await client.query(
          `insert into booking_holds (token, job_id, expires_at) values ($1, $2, '2026-11-20T02:30:00Z')`,
          [`tok${i}`, jobId],
        );
      }
      await client.query(
        `insert into payment_events (id, type, job_id, received_at) values ('evt_1', 'payment_intent.succeeded', $1, '2026-11-20T02:10:00Z')`,
        [paid],
      );
      await finish();
      const holds = await client.query<{ job_id: string; paid_at: Date | null }>(
        `select job_id, paid_at from booking_holds`,
      );
      const paidAt = (jobId: string) => holds.rows.find((h) => h.job_id === jobId)!.paid_at?.toISOString() ?? null;
      expect(paidAt(paid)).toBe('2026-11-20T02:10:00.000Z');
      expect(paidAt(paidWithoutEvent)).toBe('2026-11-20T05:00:00.000Z');
      expect(paidAt(unpaid)).toBeNull();
    } finally {
      await client.close();
    }
  });
  it('carries every job, invoice and setting history line into the one audit log, in order, and the log then refuses edits (decision 303)', async () => {
    const { client, finish } = await databaseBefore('0017_vans_audit_security');
    try {
      const user = (
        await client.query<{ id: string }>(`insert into users (username, password) values ('olive', 'x') returning id`)
      ).rows[0]!.id;
      const customer = (
        await client.query<{ id: string }>(
          `insert into customers (name, email, phone) values ('Sam', 'sam@example.com', '0400 000 000') returning id`,
        )
      ).rows[0]!.id;
      const job = (
        await client.query<{ id: string }>(
          `insert into jobs (customer_id, service_type, scheduled_date, scheduled_day, time_slot, address, suburb, postcode, contact_name, contact_phone, contact_email)
           values ($1, 'puncture-repair', '2026-11-24T02:00:00Z', '2026-11-24', '10-12 AM', '1 Example St', 'Joondalup', '6027', 'Sam', '0400 000 000', 'sam@example.com') returning id`,
          [customer],
        )
      ).rows[0]!.id;
      await client.query(
        `insert into job_events (job_id, at, actor_id, kind, note) values ($1, '2026-11-20T01:00:00Z', null, 'created', 'Booked online')`,
        [job],
      );
      await client.query(
        `insert into job_events (job_id, at, actor_id, kind, from_value, to_value) values ($1, '2026-11-20T02:00:00Z', $2, 'price', '$89.80', '$99.80')`,
        [job, user],
      );
      await client.query(
        `insert into setting_events (subject, label, at, actor_id, kind, field, from_value, to_value) values ('fees', 'Fees', '2026-11-21T00:00:00Z', $1, 'changed', 'Callout', '$49.90', '$59.90')`,
        [user],
      );
      await finish();
      const lines = await client.query(
        `select kind, subject, label, action, actor_name, field, from_value, to_value, note from audit_log order by seq`,
      );
      expect(lines.rows).toEqual([
        {
          kind: 'job',
          subject: `job:${job}`,
          label: 'JOB-10001',
          action: 'created',
          actor_name: null,
          field: null,
          from_value: null,
          to_value: null,
          note: 'Booked online',
        },
        {
          kind: 'job',
          subject: `job:${job}`,
          label: 'JOB-10001',
          action: 'price',
          actor_name: 'olive',
          field: null,
          from_value: '$89.80',
          to_value: '$99.80',
          note: null,
        },
        {
          kind: 'setting',
          subject: 'fees',
          label: 'Fees',
          action: 'changed',
          actor_name: 'olive',
          field: 'Callout',
          from_value: '$49.90',
          to_value: '$59.90',
          note: null,
        },
      ]);
      await expect(client.query(`update audit_log set to_value = '$0.00'`)).rejects.toThrow(/append-only/);
      await expect(client.query(`delete from audit_log`)).rejects.toThrow(/append-only/);
      await expect(client.query(`truncate audit_log`)).rejects.toThrow(/append-only/);
      // Removing the user who made a change leaves the line as it was.
      await client.query(`delete from users where id = $1`, [user]);
      expect((await client.query(`select count(*)::int as n from audit_log where actor_name = 'olive'`)).rows).toEqual([
        { n: 2 },
      ]);
    } finally {
      await client.close();
    }
  });
  it("keeps every invoice's pay link working, storing only its token's SHA-256 (decision 397)", async () => {
    const { client, finish } = await databaseBefore('0021_invoice_pay_links');
    try {
      const customer = (
        await client.query<{ id: string }>(
          `insert into customers (name, email, phone) values ('Sam', 'sam@example.com', '0400 000 000') returning id`,
        )
      ).rows[0]!.id;
      const newInvoice = async (day: string, payToken: string | null) => {
        const job = (
          await client.query<{ id: string }>(
            `insert into jobs (customer_id, service_type, scheduled_date, scheduled_day, time_slot, address, suburb, postcode, contact_name, contact_phone, contact_email)
             values ($1, 'puncture-repair', $2::date + time '02:00', $2, '10-12 AM', '1 Example St', 'Joondalup', '6027', 'Sam', '0400 000 000', 'sam@example.com') returning id`,
            [customer, day],
          )
        ).rows[0]!.id;
        return (
          await client.query<{ id: string }>(
            `insert into customer_invoices (job_id, invoice_date, pay_token) values ($1, $2, $3) returning id`,
            [job, day, payToken],
          )
        ).rows[0]!.id;
      };
      const token = 'q7Xk2mZ9vB4nR1tL8wE5yA';
      const linked = await newInvoice('2026-11-24', token);
      await newInvoice('2026-11-25', null);
      await finish();
      const links = await client.query(`select token_hash, customer_invoice_id from invoice_pay_links`);
      expect(links.rows).toEqual([
        { token_hash: createHash('sha256').update(token, 'utf8').digest('hex'), customer_invoice_id: linked },
      ]);
      // The plain token is gone from the database; the column stays for the release still serving (decision 398).
      const plain = await client.query(`select pay_token from customer_invoices`);
      expect(plain.rows).toEqual([{ pay_token: null }, { pay_token: null }]);
    } finally {
      await client.close();
    }
  });
  it('moves "Messages to customers" out of the business row into a row of its own (decision 365)', async () => {
    const { client, finish } = await databaseBefore('0019_messages_setting_row');
    try {
      const messages = {
        remindersOn: false,
        reminderTime: '15:30',
        reviewRequestsOn: true,
        reviewDelayHours: 3,
        returnVisitsOn: true,
      };
      await client.query(`insert into business_settings (key, value) values ('business', $1)`, [
        JSON.stringify({ name: 'Olive Tyres', reviewUrl: '', messages }),
      ]);
      await finish();
      const rows = await client.query<{ key: string; value: Record<string, unknown> }>(
        `select key, value from business_settings order by key`,
      );
      expect(rows.rows).toEqual([
        { key: 'business', value: { name: 'Olive Tyres', reviewUrl: '' } },
        { key: 'messages', value: messages },
      ]);
    } finally {
      await client.close();
    }
  });
});
