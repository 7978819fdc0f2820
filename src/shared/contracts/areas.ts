/**
 * The API's areas, one list for every tree (decision 277): the contract groups
 * (`api.<area>.<operation>` in the browser), the names a write `affects`, and the keys of
 * `contracts` in index.ts, which must match it exactly. URLs keep their documented paths
 * (`invoices` answers under /customer-invoices, `purchases` under /purchase-invoices).
 */
export const AREAS = [
  'auth',
  'team',
  'slots',
  'staffSlots',
  'pricing',
  'bookings',
  'staffBookings',
  'payments',
  'suburbs',
  'jobs',
  'invoices',
  'emails',
  'notifications',
  'purchases',
  'expenses',
  'reports',
  'docs',
] as const;
export type Area = (typeof AREAS)[number];
