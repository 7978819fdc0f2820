import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDollars, toCents } from '../../../shared/domain/money';
import { formatDayLong } from '../../../shared/domain/perth-time';
import { EXPENSE_CATEGORY_LABELS, OVERHEAD_CATEGORIES } from '../../../shared/domain/expense-categories';
import type { BusinessExpense, ExpenseListQuery } from '../../../shared/schemas/bills';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { dialogOnDemand, fetchAheadOfTap } from '../dialog-on-demand';
import { GstBreakdown } from './gst-breakdown';
import { useExpenseActions } from './use-expense-actions';
import { PageNav } from '../../components/ui/page-nav';

/** The add and edit form, loaded (with the zod it validates with) when first opened (docs/decisions/380-staff-first-screen-without-zod.md). */
const expenseDialog = dialogOnDemand(
  async () => (await import('./expense-dialog')).ExpenseDialog,
  (props) => props.open,
);
const { Dialog: ExpenseDialog } = expenseDialog;
const aheadOfTap = fetchAheadOfTap(expenseDialog);

const PAGE_SIZE = 20;
type Category = NonNullable<ExpenseListQuery['category']>;
type Paid = NonNullable<ExpenseListQuery['paid']>;

/**
 * The Expenses tab (docs/product.md "Purchase invoices and expenses", "Messages the UI shows"):
 * category and paid filters, cards with Edit, Mark Paid (unpaid only) and Delete, Add / Edit dialog.
 */
export function ExpensesScreen() {
  const [category, setCategory] = useState<Category>('all');
  const [paid, setPaid] = useState<Paid>('all');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ expense: BusinessExpense | null } | null>(null);
  const [deleting, setDeleting] = useState<BusinessExpense | null>(null);
  const list = useQuery({
    ...api.expenses.list.pageQuery({ query: { category, paid, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const actions = useExpenseActions();
  const isFiltered = category !== 'all' || paid !== 'all';
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="expenses-heading" className="space-y-4" {...aheadOfTap}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="expenses-heading" className="text-lg font-bold">
          Business expenses
        </h2>
        <Button onClick={() => setDialog({ expense: null })}>
          <Plus aria-hidden className="h-4 w-4" />
          Add Expense
        </Button>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value as Category);
            setPage(1);
          }}
        >
          <option value="all">All categories</option>
          {OVERHEAD_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {EXPENSE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Paid"
          value={paid}
          onChange={(e) => {
            setPaid(e.target.value as Paid);
            setPage(1);
          }}
        >
          <option value="all">All</option>
          <option value="unpaid">Unpaid</option>
          <option value="paid">Paid</option>
        </SelectField>
      </div>

      {list.isPending ? (
        <SkeletonGroup label="Loading expenses..." className="grid gap-3 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </SkeletonGroup>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the expenses: {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">
          {isFiltered ? 'No expenses match the current filters.' : 'Start by adding your first business expense.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-700" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'expense' : 'expenses'}
          </p>
          <ul aria-label="Expenses" className="grid gap-3 md:grid-cols-2">
            {list.data.items.map((e) => (
              <li key={e.id} className="space-y-3 rounded-xl border border-gray-200 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{e.supplierName}</p>
                    <p className="text-gray-800">{e.description}</p>
                    <p className="text-sm text-gray-700">
                      {EXPENSE_CATEGORY_LABELS[e.category]} · {formatDayLong(e.expenseDate)}
                      {e.invoiceNumber ? ` · #${e.invoiceNumber}` : ''}
                    </p>
                    {e.dueDate && !e.isPaid ? (
                      <p className="text-sm text-gray-700">Due {formatDayLong(e.dueDate)}</p>
                    ) : null}
                  </div>
                  <span
                    className={
                      e.isPaid
                        ? 'shrink-0 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900'
                        : 'shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-950'
                    }
                  >
                    {e.isPaid ? 'Paid' : 'Unpaid'}
                  </span>
                </div>
                <p className="text-xl font-bold tabular-nums">{formatDollars(toCents(e.amount))}</p>
                <GstBreakdown
                  total={e.amount}
                  gst={toCents(e.gstAmount)}
                  label={`Amounts of ${e.supplierName} ${e.description}`}
                />
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    className="min-h-11"
                    aria-label={`Edit ${e.supplierName} ${e.description}`}
                    onClick={() => setDialog({ expense: e })}
                  >
                    <Pencil aria-hidden className="h-4 w-4" />
                    Edit
                  </Button>
                  {e.isPaid ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="min-h-11"
                      aria-label={`Mark ${e.supplierName} ${e.description} paid`}
                      disabled={actions.markPaid.isPending && actions.markPaid.variables?.id === e.id}
                      onClick={() => actions.markPaid.mutate(e)}
                    >
                      <CheckCircle2 aria-hidden className="h-4 w-4" />
                      {actions.markPaid.isPending && actions.markPaid.variables?.id === e.id
                        ? 'Saving...'
                        : 'Mark Paid'}
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    className="min-h-11 text-red-800 hover:bg-red-50"
                    aria-label={`Delete ${e.supplierName} ${e.description}`}
                    onClick={() => setDeleting(e)}
                  >
                    <Trash2 aria-hidden className="h-4 w-4" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <PageNav label="Expense pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}

      <ExpenseDialog open={dialog !== null} expense={dialog?.expense ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete expense?"
        message="Are you sure you want to delete this expense?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}
