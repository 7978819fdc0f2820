// The API test files whose verdict can differ between the two database engines, so `npm test` runs
// them on the PostgreSQL server as well as on PGlite; every other API file runs on PGlite only
// (docs/decisions/391-check-loop-budget.md). `npm run test:pg` with no arguments still runs the
// whole API suite on PostgreSQL.
//
// A file belongs here when it tests one of:
// - work that overlaps: requests, passes or instances at the same moment (PGlite runs one query at
//   a time in one process, so a race cannot happen there: decision 383);
// - the database layer itself: constraints, migrations, durability, transactions, LISTEN/NOTIFY;
// - SQL whose answer could depend on the engine or its version (PGlite is PostgreSQL 18, the
//   server 15): dates and Perth days in SQL, aggregates for reports, the audit log's reads.
// Each entry is a path prefix, as Vitest's file filters take them.
export const ENGINE_SPECIFIC_API_TESTS = [
  // The database layer, its roles included: the app's login refused DDL and audit rewrites on the
  // server (src/server/db/runtime-role.api.test.ts, docs/decisions/408-app-login-not-a-superuser.md).
  'src/server/db/',
  'src/server/settings/store.api.test.ts',
  // Triggers give a booking's reserved tyres back when its job ends (docs/decisions/423-stock-aware-booking.md).
  'src/server/tyres/stock-booking.api.test.ts',
  // Requests, passes and instances at once.
  'src/server/bookings/routes.api.test.ts',
  'src/server/bookings/booking-limit.api.test.ts',
  'src/server/slots/capacity.api.test.ts',
  'src/server/slots/places-race.api.test.ts',
  'src/server/slots/public-cache.api.test.ts',
  'src/server/cache/public-cache-instances.api.test.ts',
  'src/server/closures/',
  'src/server/holds/',
  'src/server/idempotency/',
  'src/server/jobs/assignment.api.test.ts',
  'src/server/jobs/onsite-payment-race.api.test.ts',
  'src/server/tyres/stock-race.api.test.ts',
  'src/server/tyres/stock-booking-race.api.test.ts',
  'src/server/manage/manage-race.api.test.ts',
  'src/server/emails/outbox.api.test.ts',
  'src/server/emails/outbox-instances.api.test.ts',
  'src/server/accounting/sync-race.api.test.ts',
  'src/server/sms/outbox-instances.api.test.ts',
  'src/server/invoices/email-once.api.test.ts',
  'src/server/invoices/pay-link-race.api.test.ts',
  'src/server/payments/card-payments.api.test.ts',
  'src/server/messages/visit-reminders-instances.api.test.ts',
  'src/server/photos/across-instances.api.test.ts',
  'src/server/notifications/live.api.test.ts',
  'src/server/auth/mfa.api.test.ts',
  'tests/api/instance-lifecycle.test.ts',
  // Dates, sums and the audit log in SQL.
  'src/server/reports/',
  'src/server/audit/',
  'src/server/jobs/list-when.api.test.ts',
  'src/server/slots/staff-routes.api.test.ts',
];
