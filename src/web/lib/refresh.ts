import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { contracts } from '../../shared/contracts';
import { ALSO_READ_BY, type Area } from '../../shared/contracts/areas';
import type { ContractDef, RequestOf, ResponseOf } from '../../shared/contracts/contract';
import { keyPrefixOf, queryKeyOf, type Operation } from './api';

/**
 * After a write, the browser reads again what the write changed, and nothing is kept by hand:
 * each write's contract lists the areas it `affects` (decision 278), and an area's reads are its
 * GET operations, whose query keys are their URLs (queryKeyOf). A screen showing any effect of a
 * staff action is therefore refreshed, whichever tab made it.
 */

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((segment, i) => key[i] === segment);

/** The query-key prefixes of an area's JSON reads, e.g. jobs: /api/dashboard/jobs, .../technicians. */
export function readPrefixesOf(area: Area): QueryKey[] {
  const reads = Object.values(contracts[area] as Record<string, ContractDef>).filter(
    (c) => c.method === 'GET' && c.path.startsWith('/api/') && (c.responseKind ?? 'json') === 'json',
  );
  const prefixes: QueryKey[] = [];
  // Shortest first, so a prefix another already covers is left out.
  for (const prefix of reads.map(keyPrefixOf).sort((a, b) => a.length - b.length)) {
    if (!prefixes.some((p) => startsWith(prefix, p))) prefixes.push(prefix);
  }
  return prefixes;
}

/** Every query-key prefix a write makes stale, from the areas its contract `affects` and those that read them. */
export function keysAffectedBy(contract: ContractDef): QueryKey[] {
  const areas = contract.affects ?? [];
  return [...new Set([...areas, ...areas.flatMap((a) => ALSO_READ_BY[a] ?? [])])].flatMap(readPrefixesOf);
}

/** A deleted thing's own reads (its URL and below): dropped from the refresh, since they would answer 404. */
function deletedKey(contract: ContractDef, input: unknown): QueryKey | null {
  const params = (input as { params?: unknown } | undefined)?.params;
  return contract.method === 'DELETE' && params ? queryKeyOf(contract, { params }) : null;
}

/** Marks stale every read the write affects and reads again those on screen. */
export async function refreshAfterWrite(client: QueryClient, contract: ContractDef, input?: unknown): Promise<void> {
  const gone = deletedKey(contract, input);
  const predicate = gone ? (q: { queryKey: QueryKey }) => !startsWith(q.queryKey, gone) : undefined;
  await Promise.all(keysAffectedBy(contract).map((queryKey) => client.invalidateQueries({ queryKey, predicate })));
}

/** For a write that is not one call (make a PDF, then download it): refresh after the operation by hand. */
export function useRefreshAfterWrite() {
  const client = useQueryClient();
  return <C extends ContractDef>(operation: Operation<C>, input?: RequestOf<C>) =>
    refreshAfterWrite(client, operation.contract, input);
}

type ApiMutationOptions<C extends ContractDef, TVars> = {
  /** The operation's input for the mutation's variables. */
  input: (vars: TVars) => RequestOf<C>;
  onSuccess?: (data: ResponseOf<C>, vars: TVars) => unknown;
  onError?: (err: unknown, vars: TVars) => unknown;
  /** Refresh after a refusal too: the refusal may mean the screen is out of date (a slot just taken). */
  refreshOnError?: boolean;
};

/**
 * useMutation for one operation: calls it with `input(vars)`, runs `onSuccess` (the toast), then
 * refreshes what the contract says the write affects, before the mutation counts as done.
 */
export function useApiMutation<C extends ContractDef, TVars>(
  operation: Operation<C>,
  options: ApiMutationOptions<C, TVars>,
) {
  const client = useQueryClient();
  const call = operation as unknown as (input: RequestOf<C>) => Promise<ResponseOf<C>>;
  return useMutation<ResponseOf<C>, unknown, TVars>({
    mutationFn: (vars) => call(options.input(vars)),
    onSuccess: async (data, vars) => {
      await options.onSuccess?.(data, vars);
      await refreshAfterWrite(client, operation.contract, options.input(vars));
    },
    onError: async (err, vars) => {
      await options.onError?.(err, vars);
      if (options.refreshOnError) await refreshAfterWrite(client, operation.contract, options.input(vars));
    },
  });
}
