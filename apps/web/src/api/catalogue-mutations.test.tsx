import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeProduct, makeRecipe } from '../testing/admin-data'
import { fakeApi, ok } from '../testing/fake-admin-api'
import { createTestQueryClient } from '../testing/render'
import { productKeys, useDeleteProduct, useUpdateProduct } from './products'
import { recipeKeys, useCreateRecipe } from './recipes'

afterEach(() => vi.restoreAllMocks())

function setup() {
  const queryClient = createTestQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, wrapper }
}

describe('catalogue mutation hooks own their cache consequences', () => {
  it('an update stores the product and marks every list-like product query stale, details untouched', async () => {
    const product = makeProduct()
    const other = makeProduct({ _id: '55555555-5555-4555-8555-555555555555', name: 'שירו' })
    fakeApi({ [`PUT /api/products/${product._id}`]: () => ok({ ...product, name: 'ברברה חריפה' }) })
    const { queryClient, wrapper } = setup()
    queryClient.setQueryData(productKeys.list({ page: 1 }), { items: [product] })
    queryClient.setQueryData(productKeys.random({ page: 1, limit: 3 }), { items: [product] })
    queryClient.setQueryData(productKeys.detail(other._id), other)

    const { result } = renderHook(() => useUpdateProduct(), { wrapper })
    await act(() => result.current.mutateAsync({ id: product._id, input: product as never }))

    expect(queryClient.getQueryData(productKeys.detail(product._id))).toMatchObject({ name: 'ברברה חריפה' })
    expect(queryClient.getQueryState(productKeys.list({ page: 1 }))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(productKeys.random({ page: 1, limit: 3 }))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(productKeys.detail(other._id))?.isInvalidated).toBe(false)
  })

  it('a delete drops the detail and refreshes the lists', async () => {
    const product = makeProduct()
    fakeApi({ [`DELETE /api/products/${product._id}`]: () => ok({ _id: product._id }) })
    const { queryClient, wrapper } = setup()
    queryClient.setQueryData(productKeys.detail(product._id), product)
    queryClient.setQueryData(productKeys.list({ page: 1 }), { items: [product] })

    const { result } = renderHook(() => useDeleteProduct(), { wrapper })
    await act(() => result.current.mutateAsync(product._id))
    expect(queryClient.getQueryData(productKeys.detail(product._id))).toBeUndefined()
    expect(queryClient.getQueryState(productKeys.list({ page: 1 }))?.isInvalidated).toBe(true)
  })

  it('a create stores the new recipe under its id', async () => {
    const recipe = makeRecipe()
    fakeApi({ 'POST /api/recipes': () => ok(recipe, 201) })
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useCreateRecipe(), { wrapper })
    act(() => result.current.mutate(recipe as never))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(queryClient.getQueryData(recipeKeys.detail(recipe._id))).toEqual(recipe)
  })
})
