import { queryOptions } from '@tanstack/react-query'
import { PublicConfigSchema } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

export const configKeys = {
  all: ['config'] as const,
  public: () => [...configKeys.all, 'public'] as const,
}

export const configApi = {
  public: (signal?: AbortSignal) => apiClient.get('/config', PublicConfigSchema, { signal }),
}

export const configQueries = {
  /** Settings change only with a deployment: read once per visit. */
  public: () =>
    queryOptions({
      queryKey: configKeys.public(),
      queryFn: ({ signal }) => configApi.public(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
}
