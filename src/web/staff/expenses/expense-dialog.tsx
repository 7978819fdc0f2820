import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { perthToday } from '../../../shared/domain/perth-time';
import { EXPENSE_CATEGORY_LABELS } from '../../../shared/domain/expense-categories';
import {
  expenseRequest,
  OVERHEAD_CATEGORIES,
  type BusinessExpense,
  type ExpenseSupplier,
} from '../../../shared/schemas/bills';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextareaField, TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { GstBreakdown } from './gst-breakdown';
import { useExpenseActions } from './use-expense-actions';

type FormInput = z.input<typeof expenseRequest>;
type FormOutput = z.output<typeof expenseRequest>;

function defaults(expense: BusinessExpense | null): FormInput {
  if (!expense)
    return {
      supplierName: '',
      invoiceNumber: '',
      description: '',
      amount: '0',
      category: '' as FormInput['category'],
      expenseDate: perthToday(new Date()),
      dueDate: '',
      // Most expenses are paid at the counter by card or cash (fuel at the pump): paid unless the
      // owner says it is owed (decision 419).
      isPaid: true,
      notes: '',
    };
  return {
    supplierName: expense.supplierName,
    invoiceNumber: expense.invoiceNumber ?? '',
    description: expense.description,
    amount: expense.amount,
    category: expense.category,
    expenseDate: expense.expenseDate,
    dueDate: expense.dueDate ?? '',
    isPaid: expense.isPaid,
    notes: expense.notes ?? '',
  };
}

/**
 * Add / Edit an expense (docs/product.md "Purchase invoices and expenses"): the server's own schema
 * checks it; the total starts at 0 and the breakdown shows once it is above $0. Cost of goods sold
 * is not offered: it belongs to a job's purchase invoices.
 */
export function ExpenseDialog({
  open,
  expense,
  onClose,
}: {
  open: boolean;
  expense: BusinessExpense | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={expense ? 'Edit Expense' : 'Add Expense'}
      description="All amounts include GST."
    >
      {open ? <ExpenseForm key={expense?.id ?? 'new'} expense={expense} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ExpenseForm({ expense, onClose }: { expense: BusinessExpense | null; onClose: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(expenseRequest),
    defaultValues: defaults(expense),
  });
  const { errors } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const { create, update } = useExpenseActions();
  const saving = create.isPending || update.isPending;
  const suppliersId = useId();
  const proposed = useSupplierProposal(form, expense === null);

  const submit = (values: FormOutput) => {
    // A changed amount gets its GST worked out again on the server (one eleventh).
    const body = {
      ...values,
      gstAmount: undefined,
      invoiceNumber: values.invoiceNumber ?? null,
      dueDate: values.dueDate ?? null,
      notes: values.notes ?? null,
    };
    if (expense) update.mutate({ id: expense.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void form.handleSubmit(submit)(e)}>
      <TextField
        label="Supplier name"
        autoComplete="off"
        list={suppliersId}
        error={errors.supplierName?.message}
        {...form.register('supplierName')}
      />
      <datalist id={suppliersId}>
        {proposed.suppliers.map((s) => (
          <option key={s.supplierName} value={s.supplierName} />
        ))}
      </datalist>
      <TextField
        label="Description"
        autoComplete="off"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Total inc-GST ($)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <div>
          <SelectField label="Category" error={errors.category?.message} {...form.register('category')}>
            <option value="">Choose a category</option>
            {OVERHEAD_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {EXPENSE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </SelectField>
          {proposed.from ? (
            <p className="mt-1 text-sm text-gray-700">As last time for {proposed.from.supplierName}</p>
          ) : null}
        </div>
      </div>
      <GstBreakdown total={amount} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Expense date"
          type="date"
          error={errors.expenseDate?.message}
          {...form.register('expenseDate')}
        />
        <TextField
          label="Due date (optional)"
          type="date"
          error={errors.dueDate?.message}
          {...form.register('dueDate')}
        />
        <TextField
          label="Invoice number (optional)"
          autoComplete="off"
          error={errors.invoiceNumber?.message}
          {...form.register('invoiceNumber')}
        />
        <label className="flex min-h-11 items-center gap-3 self-end text-base">
          <input type="checkbox" className="h-5 w-5" {...form.register('isPaid')} />
          Already paid (card or cash)
        </label>
      </div>
      <TextareaField label="Notes (optional)" error={errors.notes?.message} {...form.register('notes')} />
      {/* Pinned at the foot of a phone's dialog, side by side, so saving needs no scroll past the
          optional fields (decision 378); the negative margins lay the bar over the dialog's padding. */}
      <div className="sticky bottom-0 -mx-5 -mb-5 grid grid-cols-2 gap-2 border-t border-gray-200 bg-white px-5 py-3 sm:static sm:m-0 sm:flex sm:justify-end sm:border-0 sm:p-0 sm:pt-2">
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : expense ? 'Save Changes' : 'Add Expense'}
        </Button>
      </div>
    </form>
  );
}

/**
 * A new expense proposes what the supplier had last time (decision 419): its category while the
 * owner has not chosen one, and its paid state while the owner has not ticked or unticked it; a due
 * date typed means the expense is owed.
 */
function useSupplierProposal(
  form: UseFormReturn<FormInput, unknown, FormOutput>,
  isNew: boolean,
): { suppliers: ExpenseSupplier[]; from: ExpenseSupplier | null } {
  const suppliers = useQuery({ ...api.expenses.suppliers.query(), enabled: isNew });
  const name = useWatch({ control: form.control, name: 'supplierName' });
  const dueDate = useWatch({ control: form.control, name: 'dueDate' });
  const list = suppliers.data ?? [];
  const key = (name ?? '').trim().toLowerCase();
  const match = isNew && key ? (list.find((s) => s.supplierName.trim().toLowerCase() === key) ?? null) : null;
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (!match) return;
    if (!getFieldState('category').isDirty) setValue('category', match.category, { shouldValidate: false });
    if (!getFieldState('isPaid').isDirty) setValue('isPaid', match.isPaid);
  }, [match, setValue, getFieldState]);
  useEffect(() => {
    if (isNew && dueDate && !getFieldState('isPaid').isDirty) setValue('isPaid', false);
  }, [isNew, dueDate, setValue, getFieldState]);
  return { suppliers: list, from: match && !getFieldState('category').isDirty ? match : null };
}
