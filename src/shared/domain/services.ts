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

/** How a payment taken at the job was made (the Amended technicians rule in docs/product.md "Staff"). */
export const ONSITE_PAYMENT_METHODS = ['cash', 'card', 'eftpos', 'payid', 'bnpl'] as const;
export type OnsitePaymentMethod = (typeof ONSITE_PAYMENT_METHODS)[number];
export const ONSITE_PAYMENT_LABELS: Readonly<Record<OnsitePaymentMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  eftpos: 'EFTPOS',
  payid: 'PayID',
  bnpl: 'Buy now, pay later',
};

/** How far a job's payment got; 'refunded' after a refund through the card provider. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
