import type { Cents } from './money';

/**
 * The owner's settings (docs/decisions/280-owner-settings-in-the-database.md): stored in the
 * database, edited in the dashboard; the environment only seeds the first start.
 */

/** Fees in cents, GST-inclusive; the card surcharge in hundredths of a per cent (170 = 1.70%). */
export type Fees = {
  callout: Cents;
  punctureRepair: Cents;
  fittingPerTyre: Cents;
  balancingPerTyre: Cents;
  prepaidDiscount: Cents;
  cardSurchargeBasisPoints: number;
};

/** The fees a new business starts with (docs/product.md "Prices and fees"). */
export const DEFAULT_FEES: Fees = {
  callout: 8980,
  punctureRepair: 4000,
  fittingPerTyre: 2500,
  balancingPerTyre: 1500,
  prepaidDiscount: 3000,
  cardSurchargeBasisPoints: 170,
};

/** Bank transfer and PayID details printed on invoices (decision 201); each undefined when not offered. */
export type PaymentDetails = {
  bank?: { accountName: string; bsb: string; accountNumber: string };
  payId?: string;
};

/** Who the business is, as pages, emails, invoices and structured data show it. */
export type BusinessProfile = {
  name: string;
  abn: string;
  phone: string;
  email: string;
  /** The postal address printed on invoices; empty when not given. */
  postalAddress: string;
  gstRegistered: boolean;
  /** The day GST registration started (YYYY-MM-DD); invoices dated before it are not tax invoices. */
  gstRegisteredFrom: string | null;
  payment: PaymentDetails;
  /** Where a happy customer leaves a Google review; empty when not set. */
  reviewUrl: string;
  /** Weekdays the business opens, 0 = Sunday. */
  businessDays: number[];
  /** Whether an unpaid invoice gets its one reminder email a week after its due date (decision 301). */
  overdueReminders: boolean;
};

/** Each kind of change the settings history records. */
export const SETTING_EVENT_KINDS = [
  'created',
  'changed',
  'activated',
  'deactivated',
  'removed',
  'imported',
  'bulk-changed',
] as const;
export type SettingEventKind = (typeof SETTING_EVENT_KINDS)[number];

/**
 * What a settings history line is about: `fees`, `business`, `capacity` (the vans on the road), or
 * one row of the price list, the closures or the suburb pages (`tyre-price:<id>`, `closure:<id>`,
 * `suburb-page:<id>`).
 */
export type SettingSubject =
  | 'fees'
  | 'business'
  | 'security'
  | 'capacity'
  | 'messages'
  | 'payment-methods'
  | `tyre-price:${string}`
  | `closure:${string}`
  | `suburb-page:${string}`;

/**
 * Whether an invoice dated `invoiceDate` is a tax invoice: the business is registered for GST and
 * the invoice is not dated before the registration started (an earlier one stays "Invoice").
 */
export function isTaxInvoice(
  business: Pick<BusinessProfile, 'gstRegistered' | 'gstRegisteredFrom'>,
  invoiceDate: string,
): boolean {
  return business.gstRegistered && (business.gstRegisteredFrom === null || invoiceDate >= business.gstRegisteredFrom);
}

/** How many vans are on the road: each slot takes that many jobs (decision 302). One van is the business as it began. */
export type Capacity = { vans: number };
export const MAX_VANS = 20;
export const DEFAULT_CAPACITY: Capacity = { vans: 1 };

/** Staff sign-in rules the owner sets (decision 304). */
export type Security = { requireAdminMfa: boolean };
export const DEFAULT_SECURITY: Security = { requireAdminMfa: false };

/**
 * Messages to customers (docs/decisions/365-messages-to-customers-setting.md): the visit reminder
 * the day before at `reminderTime` (Perth, "HH:MM"), the review request `reviewDelayHours` after a
 * job is paid, and return-visit reminders; each kind can be switched off.
 */
export type MessageSettings = {
  remindersOn: boolean;
  reminderTime: string;
  reviewRequestsOn: boolean;
  reviewDelayHours: number;
  returnVisitsOn: boolean;
};
export const DEFAULT_MESSAGE_SETTINGS: MessageSettings = {
  remindersOn: true,
  reminderTime: '16:00',
  reviewRequestsOn: true,
  reviewDelayHours: 2,
  returnVisitsOn: true,
};

/**
 * What the settings forms' fields are called, on the forms and in the settings history, which names
 * each change by them. Each form's schema (src/shared/schemas) has exactly these fields.
 */
export const FEE_LABELS = {
  callout: 'Callout',
  punctureRepair: 'Puncture repair',
  fittingPerTyre: 'Fitting per tyre',
  balancingPerTyre: 'Balancing per tyre',
  prepaidDiscount: 'Prepayment discount',
  cardSurchargePercent: 'Card surcharge %',
} as const;

export const BUSINESS_LABELS = {
  name: 'Business name',
  abn: 'ABN',
  phone: 'Phone',
  email: 'Email',
  postalAddress: 'Postal address',
  gstRegistered: 'GST registered',
  gstRegisteredFrom: 'GST registered from',
  bankAccountName: 'Bank account name',
  bsb: 'BSB',
  bankAccountNumber: 'Account number',
  payId: 'PayID',
  reviewUrl: 'Google review link',
  businessDays: 'Opening days',
  overdueReminders: 'Email overdue reminders',
} as const;

export const VANS_LABEL = 'Vans on the road';

export const MESSAGE_LABELS = {
  remindersOn: 'Send visit reminders',
  reminderTime: 'Reminder time the day before',
  reviewRequestsOn: 'Send review requests',
  reviewDelayHours: 'Hours after payment for the review request',
  returnVisitsOn: 'Send return-visit reminders',
} as const;
