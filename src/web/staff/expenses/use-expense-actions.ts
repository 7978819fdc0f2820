import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDollars, toCents } from '../../../shared/domain/money';
import type { BusinessExpense, ExpenseRequest, ExpenseUpdateRequest } from '../../../shared/schemas/expenses';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';

/**
 * The Expenses tab's writes with the product's toasts (docs/product.md "Messages the UI shows"):
 * errors titled 'Error' with the server's message or the fallback. After each, the list and the
 * reports are read again.
 */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: api.expenses.list.prefix }), client.invalidateQueries({ queryKey: ['api', 'dashboard', 'reports'] })]);
}

const fail = (fallback: string) => (err: unknown) => toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

export function useExpenseActions() {
  const refresh = useRefresh();
  const create = useMutation({
    mutationFn: (body: ExpenseRequest) => api.expenses.create({ body }),
    onSuccess: (e: BusinessExpense) => {
      toast({ title: 'Success', description: `Business expense added successfully (${e.supplierName}, ${formatDollars(toCents(e.amount))}).` });
      return refresh();
    },
    onError: fail('Failed to add expense.'),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ExpenseUpdateRequest }) => api.expenses.update({ params: { id }, body }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Business expense updated successfully.' });
      return refresh();
    },
    onError: fail('Failed to update expense.'),
  });
  const markPaid = useMutation({
    mutationFn: (e: BusinessExpense) => api.expenses.markPaid({ params: { id: e.id } }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Expense marked as paid.' });
      return refresh();
    },
    onError: fail('Failed to mark expense as paid.'),
  });
  const remove = useMutation({
    mutationFn: (e: BusinessExpense) => api.expenses.remove({ params: { id: e.id } }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Business expense deleted successfully.' });
      return refresh();
    },
    onError: fail('Failed to delete expense.'),
  });
  return { create, update, markPaid, remove };
}
