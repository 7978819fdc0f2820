import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson, urlOfQueryKey } from './api';

/** A query key is the URL's segments and its query object (see queryKeyOf in api.ts); the default read follows it. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => getJson(urlOfQueryKey(queryKey));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
