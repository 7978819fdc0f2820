import type { TyrePrice, TyrePriceRequest, TyrePriceUpdateRequest } from '../../../shared/schemas/tyre-prices';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/**
 * The Prices tab's writes with the dashboard's toasts (decision 281). After each, what its contract
 * affects (the price list and the public lookup) is read again.
 */

const fail = (fallback: string) => (err: unknown) =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });
export const rowName = (r: { size: string; brand: string; model: string }) => `${r.size} ${r.brand} ${r.model}`;

export function usePriceActions() {
  const create = useApiMutation(api.tyrePrices.create, {
    input: (body: TyrePriceRequest) => ({ body }),
    onSuccess: (row: TyrePrice) => {
      toast({ title: 'Success', description: `${rowName(row)} added to the price list.` });
    },
    onError: fail('Failed to add the price.'),
  });
  const update = useApiMutation(api.tyrePrices.update, {
    input: ({ row, body }: { row: TyrePrice; body: TyrePriceUpdateRequest }) => ({ params: { id: row.id }, body }),
    onSuccess: (row: TyrePrice, { body }) => {
      const what =
        body.isActive === undefined || Object.keys(body).length > 1
          ? 'updated'
          : body.isActive
            ? 'activated'
            : 'deactivated';
      toast({ title: 'Success', description: `${rowName(row)} ${what}.` });
    },
    onError: fail('Failed to update the price.'),
  });
  return { create, update };
}
