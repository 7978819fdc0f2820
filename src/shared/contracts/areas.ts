/**
 * The API's areas, one list for every tree (decision 277): the contract groups
 * (`api.<area>.<operation>` in the browser), the names a write `affects`, and the keys of
 * `contracts` in index.ts, which must match it exactly. The names are the business's words and
 * URLs keep their documented paths: `purchaseInvoices` answers under /purchase-invoices, and
 * `invoices` are always the customer invoices, under /customer-invoices.
 */
export const AREAS = [
  'auth',
  'account',
  'team',
  'slots',
  'staffSlots',
  'pricing',
  'bookings',
  'staffBookings',
  'payments',
  'suburbs',
  'jobs',
  'runs',
  'invoices',
  'emails',
  'messages',
  'notifications',
  'purchaseInvoices',
  'expenses',
  'reports',
  'settings',
  'tyrePrices',
  'tyres',
  'closures',
  'suburbPages',
  'audit',
  'docs',
  'twoFactor',
  'customerMessages',
  'manage',
  'system',
  'accounting',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Areas whose reads show another area's data, so a write affecting that one affects them too: a
 * job's profit (read under `purchaseInvoices`) is worked out from its customer invoice.
 */
export const ALSO_READ_BY: Partial<Record<Area, readonly Area[]>> = { invoices: ['purchaseInvoices'] };

/**
 * An area's contracts live in the file named after it in kebab-case (`purchaseInvoices` in
 * purchase-invoices.ts), except these, which sit beside the area they serve (decision 277).
 */
export const CONTRACT_FILE_OF: Partial<Record<Area, string>> = {
  team: 'auth',
  staffSlots: 'slots',
  staffBookings: 'bookings',
};
