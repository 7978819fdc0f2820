import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api';

/** Query keys are the URL's segments: ['/api/dashboard/jobs', id] reads /api/dashboard/jobs/{id}. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => getJson(queryKey.map(String).join('/'));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}
