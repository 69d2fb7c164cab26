import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write as a TanStack mutation, with what it makes stale once it succeeded (the feature's own
 * `refresh`). Components call `mutateAsync`, or read `isPending` for a busy state.
 */
export function useWrite<TVariables, TData>(
  write: (variables: TVariables) => Promise<TData>,
  refresh: (client: QueryClient, data: TData, variables: TVariables) => Promise<unknown> | void,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (data, variables) => refresh(client, data, variables) });
}
