import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * Bulk rows for the benchmarks, written by the database itself (generate_series), so 10,000 jobs take
 * seconds. The business books one job per slot, four slots a day, so 10,000 live jobs span about seven
 * years of days (weekends included: the benchmarks measure reads, not the booking rules).
 */
export async function seedJobs(db: Db, opts: { jobs: number; customers?: number; firstDay?: string; technicianIds?: string[] }): Promise<void> {
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
