export const SERVICE_TYPES = ['new-tyres', 'puncture-repair', 'battery-service', 'emergency-callout'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_LABELS: Readonly<Record<ServiceType, string>> = {
  'new-tyres': 'New Tyres',
  'puncture-repair': 'Puncture Repair',
  'battery-service': 'Battery Service',
  'emergency-callout': 'Emergency Callout',
};

export function isServiceType(s: string): s is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(s);
}

export const PAYMENT_METHODS = ['prepaid', 'onsite'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(s: string): s is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(s);
}

/**
 * How a payment staff recorded was made (the Amended technicians rule in docs/product.md "Staff"):
 * taken at the job, or a bank transfer the office saw arrive (docs/decisions/426-bank-transfer-and-the-expected-method.md).
 */
export const ONSITE_PAYMENT_METHODS = ['cash', 'card', 'eftpos', 'payid', 'bnpl', 'bank-transfer'] as const;
export type OnsitePaymentMethod = (typeof ONSITE_PAYMENT_METHODS)[number];
export const ONSITE_PAYMENT_LABELS: Readonly<Record<OnsitePaymentMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  eftpos: 'EFTPOS',
  payid: 'PayID',
  bnpl: 'Buy now, pay later',
  'bank-transfer': 'Bank transfer',
};
/** Money that reaches the business's bank account, not the technician's hand: only an admin records it (decision 426). */
export const isPaidToTheBank = (m: OnsitePaymentMethod): boolean => m === 'bank-transfer';

/** How far a job's payment got; 'refunded' after a refund through the card provider. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
