import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { lookupTyrePrice, type TyrePriceResult } from './booking-api';
import { normaliseTyreSize } from '../../../shared/domain/tyre-size';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * The looked-up price of a tyre size: undefined while there is no size or the lookup runs. A size
 * still being typed waits for the typing to pause; a size typed to its last digit is looked up at
 * once, so the customer does not wait for a pause that changes nothing (decision 373).
 */
export function useTyrePrice(size: string | null): { result: TyrePriceResult | undefined; isLoading: boolean } {
  const paused = useDebounced(size, 350);
  // A size the shared rule reads whole has every digit it can have: nothing more is coming.
  const debounced = size && normaliseTyreSize(size) !== null ? size : paused;
  const settled = debounced === size;
  const query = useQuery({
    queryKey: api.pricing.tyrePrice.key({ params: { size: debounced ?? '' } }),
    queryFn: () => lookupTyrePrice(debounced!),
    enabled: !!debounced,
  });
  if (!size) return { result: undefined, isLoading: false };
  if (!settled || query.isPending) return { result: undefined, isLoading: true };
  return { result: query.data, isLoading: false };
}
