import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { slotStart, type TimeSlot } from '../../../shared/domain/slots';
import type { Executor } from '../client';
import { businessExpenses, customers, jobs, purchaseInvoices, users, vehicles } from '../schema';

/**
 * Factories build valid rows with overrides. The demo seed and the tests both use them,
 * so what the dashboard shows in a demo is what the tests exercise.
 */
type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

const unique = () => randomUUID().slice(0, 8);

export async function insertCustomer(db: Executor, over: Insert<typeof customers> = {}) {
  const [row] = await db
    .insert(customers)
    .values({ name: 'Sam Taylor', email: `sam.${unique()}@example.com`, phone: '0400 000 000', ...over })
    .returning();
  return row!;
}

export async function insertVehicle(db: Executor, over: Insert<typeof vehicles> & { customerId: string }) {
  const [row] = await db
    .insert(vehicles)
    .values({
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      registration: `1${unique().toUpperCase().slice(0, 5)}`,
      ...over,
    })
    .returning();
  return row!;
}

export async function insertJob(
  db: Executor,
  over: Insert<typeof jobs> & { scheduledDay?: string; timeSlot?: TimeSlot } = {},
) {
  const customer = over.customerId
    ? (await db.select().from(customers).where(eq(customers.id, over.customerId)))[0]!
    : await insertCustomer(db);
  const customerId = customer.id;
  const vehicleId = over.vehicleId === undefined ? (await insertVehicle(db, { customerId })).id : over.vehicleId;
  const scheduledDay = over.scheduledDay ?? '2026-11-24';
  const timeSlot = over.timeSlot ?? '10-12 AM';
  const [row] = await db
    .insert(jobs)
    .values({
      serviceType: 'puncture-repair',
      address: '12 Example Street',
      suburb: 'Joondalup',
      postcode: '6027',
      customerValue: '129.80',
      paymentMethod: 'onsite',
      // A job carries the contact given with its booking; by default its customer's.
      contactName: customer.name,
      contactPhone: customer.phone,
      contactEmail: customer.email,
      ...over,
      customerId,
      vehicleId,
      scheduledDay,
      timeSlot,
      scheduledDate: over.scheduledDate ?? slotStart(scheduledDay, timeSlot),
    })
    .returning();
  return row!;
}

export async function insertUserRow(db: Executor, over: Insert<typeof users> & { password: string }) {
  const [row] = await db
    .insert(users)
    .values({ username: `user_${unique()}`, role: 'technician', ...over })
    .returning();
  return row!;
}

export async function insertPurchaseInvoice(db: Executor, over: Insert<typeof purchaseInvoices> = {}) {
  const [row] = await db
    .insert(purchaseInvoices)
    .values({
      supplierName: 'Tyre Wholesale WA',
      invoiceNumber: `TW-${unique()}`,
      invoiceDate: '2026-11-20',
      totalAmount: '440.00',
      gstAmount: '40.00',
      subtotal: '400.00',
      ...over,
    })
    .returning();
  return row!;
}

export async function insertExpense(db: Executor, over: Insert<typeof businessExpenses> = {}) {
  const [row] = await db
    .insert(businessExpenses)
    .values({
      expenseDate: '2026-11-20',
      supplierName: 'Fuel Co',
      description: 'Van fuel',
      amount: '110.00',
      gstAmount: '10.00',
      category: 'fuel',
      ...over,
    })
    .returning();
  return row!;
}
