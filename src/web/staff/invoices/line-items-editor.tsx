import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { INVOICE_LINE_CATEGORIES, type InvoiceLineCategory } from '../../../shared/domain/invoices';
import { invoiceLineInput, type InvoiceLineInput } from '../../../shared/schemas/invoices';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { INVOICE_LINE_CATEGORY_LABELS, lineTotalText, money } from './invoice-format';

/** A line as the editor shows it: saved lines carry their id, unsaved ones do not. */
export type EditorLine = {
  id?: string;
  description: string;
  category: InvoiceLineCategory;
  quantity: number;
  unitPrice: string;
  totalPrice?: string;
};
type Mode = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; index: number };
type LineForm = { description: string; category: InvoiceLineCategory; quantity: string; unitPrice: string };
type LineParsed = ReturnType<typeof invoiceLineInput.parse>;

const emptyLine: LineForm = { description: '', category: 'labour', quantity: '1', unitPrice: '' };

/**
 * The line item list and its add/edit panel (docs/product.md "Messages the UI shows"): closed, add or
 * edit mode; saving closes it, Cancel closes it. Prices are GST-inclusive; a line's total is quantity
 * times unit price, shown read-only (the server computes the real one).
 */
export function LineItemsEditor({
  lines,
  onSave,
  onDelete,
  isSaving = false,
  disabled = false,
  onPanelOpen,
}: {
  lines: EditorLine[];
  onSave: (line: InvoiceLineInput, index: number | null) => Promise<unknown> | void;
  onDelete: (index: number) => Promise<unknown> | void;
  isSaving?: boolean;
  disabled?: boolean;
  /** Told whether the add/edit panel is open, so a form around it does not go on without its line. */
  onPanelOpen?: (open: boolean) => void;
}) {
  const [mode, setMode] = useState<Mode>({ kind: 'closed' });
  useEffect(() => onPanelOpen?.(mode.kind !== 'closed'), [mode.kind, onPanelOpen]);
  const [deleting, setDeleting] = useState<number | null>(null);
  const form = useForm<LineForm, unknown, LineParsed>({
    resolver: zodResolver(invoiceLineInput) as never,
    defaultValues: emptyLine,
  });
  const [quantity, unitPrice] = useWatch({ control: form.control, name: ['quantity', 'unitPrice'] });

  const open = (next: Mode) => {
    const line = next.kind === 'edit' ? lines[next.index] : undefined;
    form.reset(
      line
        ? {
            description: line.description,
            category: line.category,
            quantity: String(line.quantity),
            unitPrice: line.unitPrice,
          }
        : emptyLine,
    );
    setMode(next);
  };
  const submit = form.handleSubmit(async (parsed) => {
    const line: InvoiceLineInput = {
      description: parsed.description,
      category: parsed.category,
      quantity: parsed.quantity,
      unitPrice: parsed.unitPrice,
    };
    try {
      await onSave(line, mode.kind === 'edit' ? mode.index : null);
    } catch {
      return; // the save's own toast says why; the panel stays open with what was typed
    }
    setMode({ kind: 'closed' });
  });

  const rowButtons = (index: number, line: EditorLine) => (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        className="w-11 px-0"
        aria-label={`Edit ${line.description}`}
        disabled={disabled || isSaving}
        onClick={() => open({ kind: 'edit', index })}
      >
        <Pencil aria-hidden className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        className="w-11 px-0 text-red-800"
        aria-label={`Delete ${line.description}`}
        disabled={disabled || isSaving}
        onClick={() => setDeleting(index)}
      >
        <Trash2 aria-hidden className="h-4 w-4" />
      </Button>
    </div>
  );
  const totalOf = (line: EditorLine) =>
    line.totalPrice ? money(line.totalPrice) : lineTotalText(line.quantity, line.unitPrice);

  return (
    <section aria-labelledby="line-items-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="line-items-heading" className="text-lg font-bold">
          Line items
        </h3>
        {mode.kind === 'closed' ? (
          <Button variant="outline" disabled={disabled} onClick={() => open({ kind: 'add' })}>
            <Plus aria-hidden className="h-4 w-4" />
            Add Line Item
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-gray-700">All prices are GST-inclusive.</p>

      {lines.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-gray-700">
          No line items yet.
        </p>
      ) : (
        <>
          <ul className="space-y-2 md:hidden" aria-label="Line items">
            {lines.map((line, i) => (
              <li
                key={line.id ?? i}
                className="flex items-start justify-between gap-2 rounded-lg border border-gray-200 p-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{line.description}</p>
                  <p className="text-sm text-gray-700">
                    {INVOICE_LINE_CATEGORY_LABELS[line.category]} · {line.quantity} x {money(line.unitPrice)} ={' '}
                    <span className="font-semibold text-charcoal">{totalOf(line)}</span>
                  </p>
                </div>
                {rowButtons(i, line)}
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-left md:table">
            <thead className="border-b border-gray-300 text-sm text-gray-700">
              <tr>
                <th className="py-2 pr-2 font-medium">Description</th>
                <th className="py-2 pr-2 font-medium">Category</th>
                <th className="py-2 pr-2 text-right font-medium">Qty</th>
                <th className="py-2 pr-2 text-right font-medium">Unit price</th>
                <th className="py-2 pr-2 text-right font-medium">Total</th>
                <th className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={line.id ?? i} className="border-b border-gray-100">
                  <td className="py-1 pr-2">{line.description}</td>
                  <td className="py-1 pr-2">{INVOICE_LINE_CATEGORY_LABELS[line.category]}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{line.quantity}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{money(line.unitPrice)}</td>
                  <td className="py-1 pr-2 text-right font-semibold tabular-nums">{totalOf(line)}</td>
                  <td className="py-1">{rowButtons(i, line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {mode.kind !== 'closed' ? (
        <div
          role="group"
          aria-labelledby="line-panel-heading"
          className="space-y-3 rounded-xl border border-gray-300 bg-gray-50 p-4"
        >
          <h4 id="line-panel-heading" className="font-bold">
            {mode.kind === 'add' ? 'Add line item' : 'Edit line item'}
          </h4>
          <TextField
            label="Description"
            autoComplete="off"
            {...form.register('description')}
            error={form.formState.errors.description?.message}
          />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <SelectField
              label="Category"
              {...form.register('category')}
              error={form.formState.errors.category?.message}
            >
              {INVOICE_LINE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {INVOICE_LINE_CATEGORY_LABELS[c]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Quantity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register('quantity')}
              error={form.formState.errors.quantity?.message}
            />
            <TextField
              label="Unit price (inc GST)"
              type="number"
              inputMode="decimal"
              step={0.01}
              {...form.register('unitPrice')}
              error={form.formState.errors.unitPrice?.message}
            />
            <TextField
              label="Total"
              readOnly
              value={lineTotalText(quantity, unitPrice)}
              tabIndex={-1}
              className="bg-gray-100"
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={isSaving} onClick={() => setMode({ kind: 'closed' })}>
              Cancel
            </Button>
            <Button disabled={isSaving} onClick={() => void submit()}>
              {isSaving ? 'Saving...' : mode.kind === 'add' ? 'Add Line' : 'Save Line'}
            </Button>
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete line item?"
        message={`Are you sure you want to delete "${deleting !== null ? (lines[deleting]?.description ?? '') : ''}"?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={isSaving}
        onConfirm={() => {
          if (deleting === null) return;
          void Promise.resolve(onDelete(deleting)).finally(() => setDeleting(null));
        }}
      />
    </section>
  );
}
