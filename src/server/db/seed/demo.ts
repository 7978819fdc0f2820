import { eq } from 'drizzle-orm';
import { passwordProblem } from '../../auth/password-rule';
import { createUser, findUserByUsername } from '../../auth/users';
import type { Config } from '../../config';
import type { Db } from '../client';
import { customerInvoiceItems, customerInvoices, jobs, timeSlots } from '../schema';
import { insertCustomer, insertExpense, insertJob, insertPurchaseInvoice, insertVehicle } from './factories';
import { addDays } from '../../../shared/domain/perth-time';
import { TIME_SLOTS, isTimeSlot } from '../../../shared/domain/slots';
import { closedReasonOn } from '../../closures/calendar';
import { readSettings } from '../../settings/store';
import { priceService } from '../../../shared/domain/pricing';
import { formatCents } from '../../../shared/domain/money';
import { gstOf } from '../../../shared/domain/gst';
import { invoiceLinesForJob, invoiceTotals, lineTotal } from '../../../shared/domain/invoices';

/**
 * The demo technicians' password, printed by `npm run db:seed:demo` and in the README: it meets the
 * one password rule like any other (docs/decisions/394-one-password-rule.md).
 */
export const DEMO_TECHNICIAN_PASSWORD = 'technician123';

/**
 * A believable month of business around `today` (Perth) for `npm run db:seed:demo`, built with the
 * test factories and only rows the field rules allow: every invoice's total is the sum of its lines.
 */
export async function seedDemo(db: Db, config: Config, today: string): Promise<{ jobs: number; expenses: number }> {
  // The demo's prices are the owner's fees in force, read once (decision 280).
  const { fees, business } = await readSettings(db, config);
  const technicians = [];
  for (const name of ['jake', 'priya']) {
    const weak = passwordProblem(DEMO_TECHNICIAN_PASSWORD, name);
    if (weak) throw new Error(`The demo technicians' password breaks the password rule: ${weak}`);
    const existing = await findUserByUsername(db, name);
    technicians.push(
      existing ??
        (await createUser(
          { db, config },
          { username: name, password: DEMO_TECHNICIAN_PASSWORD, email: `${name}@example.com`, role: 'technician' },
        )),
    );
  }

  const people = [
    ['Olivia Nguyen', 'Joondalup', '6027', 'Mazda', 'CX-5', 2019],
    ['Liam Smith', 'Mandurah', '6210', 'Toyota', 'Hilux', 2017],
    ['Charlotte Brown', 'Baldivis', '6171', 'Hyundai', 'i30', 2020],
    ['Noah Wilson', 'Midland', '6056', 'Ford', 'Ranger', 2021],
    ['Amelia Taylor', 'Fremantle', '6160', 'Kia', 'Cerato', 2018],
    ['Jack Anderson', 'Rockingham', '6168', 'Toyota', 'Corolla', 2016],
    ['Isla Thomas', 'Kalamunda', '6076', 'Subaru', 'Forester', 2015],
    ['William Martin', 'Ellenbrook', '6069', 'Mitsubishi', 'Triton', 2022],
    ['Mia White', 'Scarborough', '6019', 'Volkswagen', 'Golf', 2019],
    ['Henry Harris', 'Halls Head', '6210', 'Nissan', 'Navara', 2020],
  ] as const;

  let made = 0;
  for (let offset = -28; offset <= 7; offset++) {
    const day = addDays(today, offset);
    if (await closedReasonOn(db, business, day)) continue;
    for (const [i, slot] of TIME_SLOTS.entries()) {
      if ((offset + i) % 3 === 0 || !isTimeSlot(slot)) continue;
      const taken = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.scheduledDay, day));
      if (taken.length >= 3) continue;
      const blocked = await db.select().from(timeSlots).where(eq(timeSlots.date, day));
      if (blocked.some((b) => b.slot === slot)) continue;
      const person = people[(made + i) % people.length]!;
      const [name, suburb, postcode, make, model, year] = person;
      const customer = await insertCustomer(db, {
        name,
        email: `${name.toLowerCase().replace(' ', '.')}.${made}@example.com`,
        phone: `04${String(10000000 + made * 7919).slice(0, 8)}`,
      });
      const vehicle = await insertVehicle(db, { customerId: customer.id, make, model, year });
      const service = (['new-tyres', 'puncture-repair', 'battery-service', 'new-tyres'] as const)[made % 4]!;
      const quantity = service === 'new-tyres' ? (made % 2 ? 4 : 2) : undefined;
      const quote = priceService(
        { serviceType: service, isPrepaid: made % 3 === 0, quantity, tyreSize: '205/55R16', tyreUnitPriceCents: 15900 },
        fees,
      );
      const status =
        offset >= 0 ? 'new' : (['paid', 'invoiced', 'completed', 'paid', 'in-progress', 'paid'] as const)[made % 6]!;
      const job = await insertJob(db, {
        customerId: customer.id,
        vehicleId: vehicle.id,
        scheduledDay: day,
        timeSlot: slot,
        serviceType: service,
        status,
        suburb,
        postcode,
        address: `${10 + made} Example Street`,
        tyreSize: service === 'new-tyres' ? '205/55R16' : null,
        tyreQuantity: quantity ?? null,
        customerValue: formatCents(quote.totalCents),
        originalCustomerValue: formatCents(quote.originalCents),
        paymentMethod: made % 3 === 0 ? 'prepaid' : 'onsite',
        paymentStatus: made % 3 === 0 || status === 'paid' ? 'paid' : 'pending',
        assignedTechnicianId: technicians[made % 2]!.id,
      });
      if (status === 'invoiced' || status === 'paid') {
        // The lines Generate Invoice would write, and totals from those lines (docs/product.md "Customer invoices").
        const lines = invoiceLinesForJob(
          {
            serviceType: service,
            isPrepaid: made % 3 === 0,
            quantity,
            tyreSize: '205/55R16',
            tyreUnitPriceCents: 15900,
            valueCents: quote.totalCents,
            isPaidByCard: made % 3 === 0,
          },
          fees,
        );
        const totals = invoiceTotals(lines);
        const [inv] = await db
          .insert(customerInvoices)
          .values({
            jobId: job.id,
            invoiceDate: day,
            dueDate: addDays(day, 30),
            totalAmount: formatCents(totals.totalCents),
            gstAmount: formatCents(totals.gstCents),
            subtotalAmount: formatCents(totals.subtotalCents),
            status: status === 'paid' ? 'paid' : 'sent',
          })
          .returning();
        await db.insert(customerInvoiceItems).values(
          lines.map((line, position) => ({
            customerInvoiceId: inv!.id,
            description: line.description,
            category: line.category,
            quantity: line.quantity,
            unitPrice: formatCents(line.unitPriceCents),
            totalPrice: formatCents(lineTotal(line)),
            position,
          })),
        );
        if (service === 'new-tyres') {
          await insertPurchaseInvoice(db, {
            jobId: job.id,
            supplierName: 'Tyre Wholesale WA',
            invoiceDate: day,
            dueDate: addDays(day, 30),
            totalAmount: '440.00',
            gstAmount: '40.00',
            subtotal: '400.00',
            isPaid: offset < -14,
          });
        }
      }
      made++;
    }
  }
  const expenses = [
    ['fuel', 'Fuel Co', 'Van diesel', '184.20'],
    ['insurance', 'Insure WA', 'Vehicle and liability insurance', '312.00'],
    ['subscriptions', 'Cloud Accounting', 'Accounting software', '55.00'],
    ['tools', 'Trade Tools Perth', 'Tyre changer parts', '265.45'],
    ['marketing', 'Local Print', 'Flyers for Peel letterbox drop', '198.00'],
    ['vehicle', 'Van Service Centre', 'Van service', '420.00'],
  ] as const;
  for (const [i, [category, supplierName, description, amount]] of expenses.entries()) {
    const cents = Math.round(Number(amount) * 100);
    await insertExpense(db, {
      category,
      supplierName,
      description,
      amount,
      gstAmount: formatCents(gstOf(cents)),
      expenseDate: addDays(today, -3 - i * 4),
      dueDate: addDays(today, 10 - i * 4),
      isPaid: i % 2 === 0,
    });
  }
  return { jobs: made, expenses: expenses.length };
}
