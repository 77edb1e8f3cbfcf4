import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  BulkEditOutcomeSchema,
  BulkUndoOutcomeSchema,
  LastBulkChangeSchema,
  type BulkEditRequest,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'
import { productKeys } from './products'
import { stockKeys } from './stock'

/** Many products at once from the admin list (issue 37, decision 291). */
export const bulkEditKeys = { latest: ['products-bulk', 'latest'] as const }

export const bulkEditApi = {
  preview: (request: BulkEditRequest) =>
    apiClient.post('/admin/products/bulk/preview', BulkEditOutcomeSchema, request),
  apply: (request: BulkEditRequest) => apiClient.post('/admin/products/bulk', BulkEditOutcomeSchema, request),
  latest: (signal?: AbortSignal) =>
    apiClient.get('/admin/products/bulk/latest', LastBulkChangeSchema.nullable(), { signal }),
  undo: (id: string) => apiClient.post(`/admin/products/bulk/${id}/undo`, BulkUndoOutcomeSchema, {}),
}

export const bulkEditQueries = {
  latest: () =>
    queryOptions({
      queryKey: bulkEditKeys.latest,
      queryFn: ({ signal }) => bulkEditApi.latest(signal),
      staleTime: 0,
      gcTime: cachePresets.list.gcTime,
    }),
}

/** After a change or its undo: every product list, product and count, and the undo's offer. */
function useRefreshAfterBulk() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: stockKeys.all }),
      queryClient.invalidateQueries({ queryKey: bulkEditKeys.latest }),
    ])
}

export function useApplyBulkEdit() {
  const refresh = useRefreshAfterBulk()
  return useMutation({ mutationFn: bulkEditApi.apply, onSuccess: refresh })
}

export function useUndoBulkEdit() {
  const refresh = useRefreshAfterBulk()
  return useMutation({ mutationFn: bulkEditApi.undo, onSuccess: refresh })
}
