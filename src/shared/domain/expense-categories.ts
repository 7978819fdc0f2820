/** Business expense categories (docs/product.md "Purchase invoices and expenses"). */
export const EXPENSE_CATEGORIES = ['cost-of-goods-sold', 'fuel', 'rent', 'utilities', 'marketing', 'insurance', 'subscriptions', 'admin', 'tools', 'vehicle', 'misc'] as const;
