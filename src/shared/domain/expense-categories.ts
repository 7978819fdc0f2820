/** Business expense categories (docs/product.md "Purchase invoices and expenses"). */
export const EXPENSE_CATEGORIES = [
  'cost-of-goods-sold',
  'fuel',
  'rent',
  'utilities',
  'marketing',
  'insurance',
  'subscriptions',
  'admin',
  'tools',
  'vehicle',
  'misc',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** The job's costs: only a purchase invoice on a job is one, never a business expense (decision 260). */
export const COST_OF_GOODS_SOLD = 'cost-of-goods-sold' satisfies ExpenseCategory;

/** The overheads the Expenses tab offers: every category but cost of goods sold. */
export const OVERHEAD_CATEGORIES = [
  'fuel',
  'rent',
  'utilities',
  'marketing',
  'insurance',
  'subscriptions',
  'admin',
  'tools',
  'vehicle',
  'misc',
] as const satisfies readonly Exclude<ExpenseCategory, typeof COST_OF_GOODS_SOLD>[];

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  'cost-of-goods-sold': 'Cost of Goods Sold',
  fuel: 'Fuel',
  rent: 'Rent',
  utilities: 'Utilities',
  marketing: 'Marketing',
  insurance: 'Insurance',
  subscriptions: 'Subscriptions',
  admin: 'Administration',
  tools: 'Tools & Equipment',
  vehicle: 'Vehicle Expenses',
  misc: 'Miscellaneous',
};
