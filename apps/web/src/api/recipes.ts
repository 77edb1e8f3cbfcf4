import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { PAGE_SIZES, type RecipeInput, type RecipeListQuery } from '@tavlin/contracts'
import { ApiError, apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'
import { DeletedShape, RecipePageShape, RecipeShape } from './catalog-shapes'

// Ids are UUIDs (contracts' IdSchema); anything else in /recipes/{x} is a recipe's name.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type RecipeListParams = Partial<RecipeListQuery>
type RandomParams = { page: number; limit: number }

export const recipeKeys = {
  all: ['recipes'] as const,
  lists: () => [...recipeKeys.all, 'list'] as const,
  list: (params: RecipeListParams) => [...recipeKeys.lists(), params] as const,
  details: () => [...recipeKeys.all, 'detail'] as const,
  detail: (idOrName: string) => [...recipeKeys.details(), idOrName] as const,
  random: (params: RandomParams) => [...recipeKeys.all, 'random', params] as const,
  related: (id: string, category?: string) => [...recipeKeys.all, 'related', id, category] as const,
}

export const recipesApi = {
  list: (params: RecipeListParams, signal?: AbortSignal) =>
    apiClient.get('/recipes', RecipePageShape, { query: params, signal }),
  // Spec §7: the envelope, or the entity itself.
  detail: (id: string, signal?: AbortSignal) =>
    apiClient.get(`/recipes/${id}`, RecipeShape, { signal, acceptsBareEntity: true }),
  random: (params: RandomParams, signal?: AbortSignal) =>
    apiClient.get('/recipes/random', RecipePageShape, { query: params, signal }),
  /**
   * The package popup links by recipe name (spec §2) and the API looks recipes up by
   * id only, so a name goes through the search and must match exactly.
   */
  byName: async (name: string, signal?: AbortSignal) => {
    const page = await recipesApi.list({ filter: name, limit: PAGE_SIZES.max }, signal)
    const recipe = page.items.find((item) => item.name.trim() === name.trim())
    if (!recipe) throw new ApiError({ status: 404, code: 'NOT_FOUND', message: `Recipe "${name}" not found` })
    return recipe
  },
  create: (input: RecipeInput) => apiClient.post('/recipes', RecipeShape, input),
  update: (id: string, input: RecipeInput) => apiClient.put(`/recipes/${id}`, RecipeShape, input),
  remove: (id: string) => apiClient.delete(`/recipes/${id}`, DeletedShape),
}

export const recipeQueries = {
  list: (params: RecipeListParams) =>
    queryOptions({
      queryKey: recipeKeys.list(params),
      queryFn: ({ signal }) => recipesApi.list(params, signal),
      ...cachePresets.list,
    }),
  /** `/recipes/{id}` or `/recipes/{name}`: an id is a UUID, anything else is a name. */
  detail: (idOrName: string) =>
    queryOptions({
      queryKey: recipeKeys.detail(idOrName),
      queryFn: ({ signal }) =>
        UUID.test(idOrName) ? recipesApi.detail(idOrName, signal) : recipesApi.byName(idOrName, signal),
      ...cachePresets.detail,
    }),
  random: (params: RandomParams) =>
    queryOptions({
      queryKey: recipeKeys.random(params),
      queryFn: ({ signal }) => recipesApi.random(params, signal),
      ...cachePresets.random,
    }),
  related: (id: string, category?: RecipeListQuery['category']) =>
    queryOptions({
      queryKey: recipeKeys.related(id, category),
      queryFn: ({ signal }) => recipesApi.list({ exclude: id, category, limit: PAGE_SIZES.related }, signal),
      select: (page) => page.items,
      ...cachePresets.related,
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
