import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * Bulk rows for the benchmarks, written by the database itself (generate_series), so 10,000 jobs take
 * seconds. The business books one job per slot, four slots a day, so 10,000 live jobs span about seven
 * years of days (weekends included: the benchmarks measure reads, not the booking rules).
 */
export async function seedJobs(
  db: Db,
  opts: { jobs: number; customers?: number; firstDay?: string; technicianIds?: string[] },
): Promise<void> {
  const customers = opts.customers ?? Math.max(1, Math.floor(opts.jobs / 3));
  const firstDay = opts.firstDay ?? '2020-01-01';
  const techs = opts.technicianIds ?? [];
  await db.execute(sql`
    insert into customers (name, email, phone)
    select 'Customer ' || g, 'customer' || g || '@example.com', '04' || lpad(g::text, 8, '0')
    from generate_series(1, ${customers}) g`);
  await db.execute(sql`
    insert into vehicles (customer_id, make, model, year, registration)
    select id, (array['Toyota','Mazda','Ford','Hyundai','Kia'])[1 + n % 5], 'Model ' || n % 7, 2010 + n % 15, 'REG' || n
    from (select id, row_number() over (order by email) as n from customers where email like 'customer%@example.com') c`);
  await db.execute(sql`
    with c as (
      select c.id as customer_id, v.id as vehicle_id, c.name, c.phone, c.email, row_number() over (order by c.email) - 1 as n
      from customers c join vehicles v on v.customer_id = c.id
      where c.email like 'customer%@example.com'
    ),
    g as (
      select g, (${firstDay}::date + (g / 4)) as day, (array['8-10 AM','10-12 AM','12-2 PM','2-4 PM'])[1 + g % 4] as slot, (array[8,10,12,14])[1 + g % 4] as hour
      from generate_series(0, ${opts.jobs - 1}) g
    )
    insert into jobs (customer_id, vehicle_id, service_type, status, scheduled_date, scheduled_day, time_slot, address, suburb, postcode,
                      contact_name, contact_phone, contact_email, customer_value, original_customer_value, payment_method, payment_status, assigned_technician_id, created_at)
    select c.customer_id, c.vehicle_id,
           (array['new-tyres','puncture-repair','battery-service','emergency-callout'])[1 + g.g % 4],
           (array['paid','paid','paid','invoiced','completed','completed','in-progress','new','new','cancelled'])[1 + g.g % 10],
           (g.day::timestamp + make_interval(hours => g.hour)) at time zone 'Australia/Perth', g.day, g.slot,
           (g.g % 200) || ' Example Street', (array['Joondalup','Mandurah','Baldivis','Midland','Fremantle','Rockingham','Yanchep','Armadale'])[1 + g.g % 8], '6000',
           c.name, c.phone, c.email, (89.80 + (g.g % 50) * 10)::numeric(10,2), (89.80 + (g.g % 50) * 10)::numeric(10,2),
           (array['onsite','prepaid'])[1 + g.g % 2], (array['pending','paid'])[1 + g.g % 2],
           ${techs.length ? sql`(${sql.raw(`array[${techs.map((t) => `'${t}'::uuid`).join(',')}]`)})[1 + g.g % ${techs.length}]` : sql`null::uuid`},
           (g.day::timestamp - interval '3 days') at time zone 'Australia/Perth'
    from g join c on c.n = g.g % ${customers}`);
  await db.execute(sql`analyze`);
}

/**
 * One invoice per completed, invoiced or paid job (oldest visit first, at most `invoices`), dated the
 * visit day and due 30 days later, with two lines adding up to the job's value: completed jobs get a
 * draft, invoiced a sent one (so older ones read as overdue), paid a paid one. Run after seedJobs.
 */
export async function seedInvoices(db: Db, opts: { invoices: number }): Promise<number> {
  await db.execute(sql`
    insert into customer_invoices (job_id, invoice_date, due_date, subtotal_amount, gst_amount, total_amount, status, paid_at, sent_at, created_at, updated_at)
    select id, scheduled_day, scheduled_day + 30,
           customer_value - round(customer_value / 11, 2), round(customer_value / 11, 2), customer_value,
           case status when 'paid' then 'paid' when 'invoiced' then 'sent' else 'draft' end,
           case when status = 'paid' then scheduled_date + interval '2 days' end,
           case when status in ('paid', 'invoiced') then scheduled_date + interval '1 day' end,
           scheduled_date, scheduled_date
    from jobs
    where status in ('completed', 'invoiced', 'paid')
    order by scheduled_date
    limit ${opts.invoices}`);
  await db.execute(sql`
    insert into customer_invoice_items (customer_invoice_id, description, quantity, unit_price, total_price, category, position)
    select i.id, l.description, 1, l.amount, l.amount, l.category, l.position
    from customer_invoices i
    cross join lateral (values
      ('Mobile Service Callout', 89.80::numeric(10,2), 'callout', 0),
      ('Labour', i.total_amount - 89.80, 'labour', 1)
    ) as l(description, amount, category, position)`);
  await db.execute(sql`analyze`);
  const [row] = (await db.execute(sql`select count(*)::int as n from customer_invoices`)).rows as { n: number }[];
  return Number(row?.n ?? 0);
}

/**
 * Supplier bills spread over the jobs (every k-th job by visit, dated its visit day, due 14 days
 * later, two in three paid), with totals from $50 to $549 and GST of one eleventh. Run after seedJobs.
 */
export async function seedPurchases(db: Db, opts: { purchases: number }): Promise<void> {
  await db.execute(sql`
    with j as (select id, scheduled_day, row_number() over (order by scheduled_date) - 1 as n, count(*) over () as total from jobs),
    picked as (select id, scheduled_day, n from j where n % greatest(1, total / ${opts.purchases}) = 0 limit ${opts.purchases})
    insert into purchase_invoices (job_id, supplier_name, invoice_number, invoice_date, total_amount, gst_amount, subtotal, category, due_date, is_paid, paid_at)
    select id, (array['Tyre Wholesale WA','Battery World','Repair Supplies','Wheel Parts Co'])[1 + n % 4], 'PB-' || n, scheduled_day,
           (50 + n % 500)::numeric(10,2), round((50 + n % 500) / 11.0, 2), (50 + n % 500) - round((50 + n % 500) / 11.0, 2),
           'cost-of-goods-sold', scheduled_day + 14, n % 3 <> 0, case when n % 3 <> 0 then scheduled_day + interval '7 days' end
    from picked`);
  await db.execute(sql`analyze`);
}

/** Overheads spread evenly over `days` from `firstDay`, cycling the categories, two in three paid. */
export async function seedExpenses(
  db: Db,
  opts: { expenses: number; firstDay?: string; days?: number },
): Promise<void> {
  const firstDay = opts.firstDay ?? '2020-01-01';
  const days = opts.days ?? 2500;
  await db.execute(sql`
    insert into business_expenses (expense_date, supplier_name, invoice_number, description, amount, gst_amount, category, due_date, is_paid, paid_at)
    select ${firstDay}::date + (g * ${days} / ${opts.expenses}), 'Supplier ' || g % 40, 'EX-' || g, 'Expense ' || g,
           (10 + (g * 37) % 2000)::numeric(10,2), round((10 + (g * 37) % 2000) / 11.0, 2),
           (array['fuel','rent','utilities','marketing','insurance','subscriptions','admin','tools','vehicle','misc'])[1 + g % 10],
           ${firstDay}::date + (g * ${days} / ${opts.expenses}) + 14, g % 3 <> 0,
           case when g % 3 <> 0 then ${firstDay}::date + (g * ${days} / ${opts.expenses}) + interval '5 days' end
    from generate_series(0, ${opts.expenses - 1}) g`);
  await db.execute(sql`analyze`);
}
