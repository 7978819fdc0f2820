/**
 * Business expenses now live in ./bills with supplier bills (decision 260). This name is kept for
 * the contracts', the reports' and the Expenses tab's imports until they read ./bills.
 */
export {
  businessExpense,
  EXPENSE_CATEGORY_LABELS,
  expenseIdParams,
  expenseListQuery,
  expenseRequest,
  expenseUpdateRequest,
  OVERHEAD_CATEGORIES,
  type BusinessExpense,
  type ExpenseListQuery,
  type ExpenseRequest,
  type ExpenseUpdateRequest,
} from './bills';
