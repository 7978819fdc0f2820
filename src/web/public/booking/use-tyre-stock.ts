import { useQuery } from '@tanstack/react-query';
import { tyresOrderedNote } from '../../../shared/domain/tyre-order';
import { normaliseTyreSize } from '../../../shared/domain/tyre-size';
import { api } from '../../lib/api';

/** The first day a visit can fit tyres to be ordered, and the sentence saying so. */
export type TyresOrdered = { day: string; note: string };

/**
 * New tyres in stock or to be ordered (docs/decisions/423-stock-aware-booking.md): null while the
 * size is incomplete, the answer is on its way, or the tyres are in stock; else the first day a
 * visit can fit them and the note the tyre step and step 1 show.
 */
export function useTyresOrdered(size: string | null, quantity: number): TyresOrdered | null {
  const read = size ? normaliseTyreSize(size) : null;
  const { data } = useQuery({
    ...api.tyres.availability.query({ query: { size: read ?? '', quantity } }),
    enabled: read !== null,
  });
  if (!read || !data || data.inStock || !data.stockKept || data.size !== read) return null;
  return { day: data.firstDay, note: tyresOrderedNote(data.size, data.leadDays, data.firstDay) };
}
