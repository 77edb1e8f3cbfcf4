import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { RecipeSchema, paged, type RecipeInput, type RecipeListQuery } from '@tavlin/contracts'
import { z } from 'zod'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

const RecipePageSchema = paged(RecipeSchema)
const DeletedRecipeSchema = z.object({ _id: z.string() })

export type RecipeListParams = Partial<RecipeListQuery>

export const recipeKeys = {
  all: ['recipes'] as const,
  lists: () => [...recipeKeys.all, 'list'] as const,
  list: (params: RecipeListParams) => [...recipeKeys.lists(), params] as const,
  details: () => [...recipeKeys.all, 'detail'] as const,
  detail: (id: string) => [...recipeKeys.details(), id] as const,
}

export const recipesApi = {
  list: (params: RecipeListParams, signal?: AbortSignal) =>
    apiClient.get('/recipes', RecipePageSchema, { query: params, signal }),
  detail: (id: string, signal?: AbortSignal) => apiClient.get(`/recipes/${id}`, RecipeSchema, { signal }),
  create: (input: RecipeInput) => apiClient.post('/recipes', RecipeSchema, input),
  update: (id: string, input: RecipeInput) => apiClient.put(`/recipes/${id}`, RecipeSchema, input),
  remove: (id: string) => apiClient.delete(`/recipes/${id}`, DeletedRecipeSchema),
}

export const recipeQueries = {
  list: (params: RecipeListParams) =>
    queryOptions({
      queryKey: recipeKeys.list(params),
      queryFn: ({ signal }) => recipesApi.list(params, signal),
      ...cachePresets.list,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: recipeKeys.detail(id),
      queryFn: ({ signal }) => recipesApi.detail(id, signal),
      ...cachePresets.detail,
    }),
}

/** Every list-like recipe query (admin table, shop, random, related) may be stale after a write. */
function refreshRecipeLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: recipeKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  })
}

export function useCreateRecipe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recipesApi.create,
    onSuccess: (recipe) => {
      queryClient.setQueryData(recipeKeys.detail(recipe._id), recipe)
      return refreshRecipeLists(queryClient)
    },
  })
}

export function useUpdateRecipe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RecipeInput }) => recipesApi.update(id, input),
    onSuccess: (recipe) => {
      queryClient.setQueryData(recipeKeys.detail(recipe._id), recipe)
      return refreshRecipeLists(queryClient)
    },
  })
}

export function useDeleteRecipe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recipesApi.remove,
    onSuccess: ({ _id }) => {
      queryClient.removeQueries({ queryKey: recipeKeys.detail(_id) })
      return refreshRecipeLists(queryClient)
    },
  })
}
