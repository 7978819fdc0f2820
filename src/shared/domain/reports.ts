import { EXPENSE_CATEGORY_LABELS } from './expense-categories';
import { SERVICE_LABELS, type ServiceType } from './services';

/** The reports' refusal of a period that ends before it starts (docs/product.md "Reports"). */
export const RANGE_ORDER_MESSAGE = 'Start date must be on or before the end date';

/** How the P&L names its revenue streams (invoice line categories) and the revenue on no line. */
export const REVENUE_STREAM_LABELS: Record<string, string> = {
  callout: 'Callout',
  tyre: 'Tyres',
  labour: 'Labour',
  battery: 'Battery',
  note: 'Notes',
  other: 'Other (not on a line)',
  'credit-notes': 'Credit notes',
};

export function categoryLabel(category: string): string {
  return (EXPENSE_CATEGORY_LABELS as Record<string, string>)[category] ?? REVENUE_STREAM_LABELS[category] ?? category;
}
export function serviceLabel(serviceType: string): string {
  return SERVICE_LABELS[serviceType as ServiceType] ?? 'No job';
}
