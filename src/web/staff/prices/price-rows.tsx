import { Pencil, Power } from 'lucide-react';
import { Fragment } from 'react';
import type { TyrePrice } from '../../../shared/schemas/tyre-prices';
import { Button } from '../../components/ui/button';
import { dollars } from '../../lib/format';
import { PriceInlineEditor } from './price-inline-editor';
import { rowName, usePriceActions } from './use-price-actions';

type RowsProps = { rows: TyrePrice[]; editingId: string | null; onEdit: (id: string | null) => void };

const stockText = (stock: number | null) =>
  stock === null ? 'Not tracked' : stock === 0 ? 'Out of stock' : `${stock} in stock`;
const marginText = (r: TyrePrice) => `${dollars(r.margin)}${r.marginPercent === null ? '' : ` (${r.marginPercent}%)`}`;

function StatusBadge({ row }: { row: TyrePrice }) {
  return row.isActive ? (
    <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900">Active</span>
  ) : (
    <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-sm font-semibold text-gray-900">Inactive</span>
  );
}

/** Customers are quoted the cheapest active row of a size in stock; the list says which row that is. */
function QuotedBadge({ row }: { row: TyrePrice }) {
  return row.quotedToCustomers ? (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-950">
      Quoted to customers
    </span>
  ) : null;
}

function RowActions({ row, onEdit }: { row: TyrePrice; onEdit: () => void }) {
  const { update } = usePriceActions();
  const name = rowName(row);
  const toggling = update.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" className="min-h-11" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden className="h-4 w-4" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="min-h-11"
        aria-label={`${row.isActive ? 'Deactivate' : 'Activate'} ${name}`}
        disabled={toggling}
        onClick={() => update.mutate({ row, body: { isActive: !row.isActive } })}
      >
        <Power aria-hidden className="h-4 w-4" />
        {toggling ? 'Saving...' : row.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </div>
  );
}

/** The price list on a phone: one card per row, the retail price large (decision 281). */
export function PriceCards({ rows, editingId, onEdit }: RowsProps) {
  return (
    <ul aria-label="Tyre prices" className="grid gap-3 md:grid-cols-2">
      {rows.map((r) => (
        <li
          key={r.id}
          className={`card-in-long-list space-y-3 [contain-intrinsic-size:auto_18rem] rounded-xl border p-4 ${r.isActive ? 'border-gray-200' : 'border-dashed border-gray-300 bg-gray-50'}`}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-lg font-bold">{r.size}</p>
              <p className="text-gray-800">
                {r.brand} {r.model}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <StatusBadge row={r} />
              <QuotedBadge row={r} />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-700">Retail</dt>
            <dd className="text-right text-xl font-bold tabular-nums">{dollars(r.retailPrice)}</dd>
            <dt className="text-gray-700">Purchase</dt>
            <dd className="text-right tabular-nums">{dollars(r.purchasePrice)}</dd>
            <dt className="text-gray-700">Margin</dt>
            <dd className="text-right tabular-nums">{marginText(r)}</dd>
            <dt className="text-gray-700">Stock</dt>
            <dd className="text-right">{stockText(r.stock)}</dd>
          </dl>
          {editingId === r.id ? (
            <PriceInlineEditor row={r} onDone={() => onEdit(null)} />
          ) : (
            <RowActions row={r} onEdit={() => onEdit(r.id)} />
          )}
        </li>
      ))}
    </ul>
  );
}

const th = 'px-3 py-3 text-left text-sm font-semibold text-gray-800';
const td = 'px-3 py-3 align-top';

/** The price list on a wide screen: a table with the margin beside the prices. */
export function PriceTable({ rows, editingId, onEdit }: RowsProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full border-collapse">
        <caption className="sr-only">Tyre prices</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            <th scope="col" className={th}>
              Size
            </th>
            <th scope="col" className={th}>
              Brand and model
            </th>
            <th scope="col" className={`${th} text-right`}>
              Purchase
            </th>
            <th scope="col" className={`${th} text-right`}>
              Retail
            </th>
            <th scope="col" className={`${th} text-right`}>
              Margin
            </th>
            <th scope="col" className={th}>
              Stock
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <Fragment key={r.id}>
              <tr className={r.isActive ? 'hover:bg-gray-50' : 'bg-gray-50 text-gray-800'}>
                <th scope="row" className={`${td} whitespace-nowrap text-left font-semibold`}>
                  {r.size}
                </th>
                <td className={td}>
                  {r.brand} {r.model}
                </td>
                <td className={`${td} text-right tabular-nums`}>{dollars(r.purchasePrice)}</td>
                <td className={`${td} text-right font-semibold tabular-nums`}>{dollars(r.retailPrice)}</td>
                <td className={`${td} text-right tabular-nums`}>{marginText(r)}</td>
                <td className={td}>{stockText(r.stock)}</td>
                <td className={td}>
                  <div className="flex flex-wrap gap-1">
                    <StatusBadge row={r} />
                    <QuotedBadge row={r} />
                  </div>
                </td>
                <td className={`${td} text-right`}>
                  {editingId === r.id ? null : <RowActions row={r} onEdit={() => onEdit(r.id)} />}
                </td>
              </tr>
              {editingId === r.id ? (
                <tr>
                  <td colSpan={8} className="bg-gray-50 px-3 py-3">
                    <PriceInlineEditor row={r} onDone={() => onEdit(null)} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
