// npm run db:seed:demo: fills the database (DATA_DIR or DATABASE_URL) with a believable month of
// business to try the dashboard with. Uses the same factories as the tests.
import { eq } from 'drizzle-orm';
import { createUser, findUserByUsername } from '../src/server/auth/users';
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { customerInvoiceItems, customerInvoices, jobs, timeSlots } from '../src/server/db/schema';
import { seedReferenceData } from '../src/server/db/seed/reference';
import { insertCustomer, insertExpense, insertJob, insertPurchaseInvoice, insertVehicle } from '../src/server/db/seed/factories';
import { addDays, perthDay, TIME_SLOTS, isTimeSlot } from '../src/shared/domain/slots';
import { closedReason } from '../src/shared/domain/business-days';
import { priceService } from '../src/shared/domain/pricing';
import { formatCents } from '../src/shared/domain/money';
import { gstOf } from '../src/shared/domain/gst';

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedReferenceData(database.db, config);
const db = database.db;

const technicians = [];
for (const name of ['jake', 'priya']) {
  const existing = await findUserByUsername(db, name);
  technicians.push(existing ?? (await createUser({ db, config }, { username: name, password: 'technician123', email: `${name}@example.com`, role: 'technician' })));
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

const today = perthDay(new Date());
let made = 0;
for (let offset = -28; offset <= 7; offset++) {
  const day = addDays(today, offset);
  if (closedReason(day, config.business.businessDays)) continue;
  for (const [i, slot] of TIME_SLOTS.entries()) {
    if ((offset + i) % 3 === 0 || !isTimeSlot(slot)) continue;
    const taken = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.scheduledDay, day));
    if (taken.length >= 3) continue;
    const blocked = await db.select().from(timeSlots).where(eq(timeSlots.date, day));
    if (blocked.some((b) => b.slot === slot)) continue;
    const person = people[(made + i) % people.length]!;
    const [name, suburb, postcode, make, model, year] = person;
    const customer = await insertCustomer(db, { name, email: `${name.toLowerCase().replace(' ', '.')}.${made}@example.com`, phone: `04${String(10000000 + made * 7919).slice(0, 8)}` });
    const vehicle = await insertVehicle(db, { customerId: customer.id, make, model, year });
    const service = (['new-tyres', 'puncture-repair', 'battery-service', 'new-tyres'] as const)[made % 4]!;
    const quantity = service === 'new-tyres' ? (made % 2 ? 4 : 2) : undefined;
    const quote = priceService({ serviceType: service, isPrepaid: made % 3 === 0, quantity, tyreSize: '205/55R16', tyreUnitPriceCents: 15900 });
    const status = offset >= 0 ? 'new' : (['paid', 'invoiced', 'completed', 'paid', 'in-progress', 'paid'] as const)[made % 6]!;
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
      const [inv] = await db
        .insert(customerInvoices)
        .values({
          jobId: job.id,
          invoiceDate: day,
          dueDate: addDays(day, 30),
          totalAmount: formatCents(quote.totalCents),
          gstAmount: formatCents(gstOf(quote.totalCents)),
          subtotalAmount: formatCents(quote.totalCents - gstOf(quote.totalCents)),
          status: status === 'paid' ? 'paid' : 'sent',
        })
        .returning();
      await db.insert(customerInvoiceItems).values(
        quote.items.map((it) => ({ customerInvoiceId: inv!.id, description: it.description, quantity: 1, unitPrice: formatCents(it.priceCents), totalPrice: formatCents(it.priceCents), category: it.description.includes('tyre') ? 'tyre' : it.description.includes('Callout') ? 'callout' : 'labour' })),
      );
      if (service === 'new-tyres') {
        await insertPurchaseInvoice(db, { jobId: job.id, supplierName: 'Tyre Wholesale WA', invoiceDate: day, dueDate: addDays(day, 30), totalAmount: '440.00', gstAmount: '40.00', subtotal: '400.00', isPaid: offset < -14 });
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
  await insertExpense(db, { category, supplierName, description, amount, gstAmount: formatCents(gstOf(cents)), expenseDate: addDays(today, -3 - i * 4), dueDate: addDays(today, 10 - i * 4), isPaid: i % 2 === 0 });
}
console.log(`Demo data: ${made} jobs, ${expenses.length} expenses, technicians jake and priya (password technician123), in ${database.location}.`);
await database.close();
