import { formatDollars, toCents } from '../../../shared/domain/money';
import type { BusinessExpense, ExpenseRequest, ExpenseUpdateRequest } from '../../../shared/schemas/bills';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/**
 * The Expenses tab's writes with the product's toasts (docs/product.md "Messages the UI shows"):
 * errors titled 'Error' with the server's message or the fallback. After each, what its contract
 * affects (the list and the reports) is read again.
 */

const fail = (fallback: string) => (err: unknown) =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

export function useExpenseActions() {
  const create = useApiMutation(api.expenses.create, {
    input: (body: ExpenseRequest) => ({ body }),
    onSuccess: (e: BusinessExpense) => {
      toast({
        title: 'Success',
        description: `Business expense added successfully (${e.supplierName}, ${formatDollars(toCents(e.amount))}).`,
      });
    },
    onError: fail('Failed to add expense.'),
  });
  const update = useApiMutation(api.expenses.update, {
    input: ({ id, body }: { id: string; body: ExpenseUpdateRequest }) => ({ params: { id }, body }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Business expense updated successfully.' });
    },
    onError: fail('Failed to update expense.'),
  });
  const markPaid = useApiMutation(api.expenses.markPaid, {
    input: (e: BusinessExpense) => ({ params: { id: e.id } }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Expense marked as paid.' });
    },
    onError: fail('Failed to mark expense as paid.'),
  });
  const remove = useApiMutation(api.expenses.remove, {
    input: (e: BusinessExpense) => ({ params: { id: e.id } }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Business expense deleted successfully.' });
    },
    onError: fail('Failed to delete expense.'),
  });
  return { create, update, markPaid, remove };
}
