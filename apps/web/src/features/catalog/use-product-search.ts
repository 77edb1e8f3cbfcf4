import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import {
  PAGE_SIZES,
  cutSearch,
  productCategoryNames,
  subCategoriesOf,
  type ProductCategoryName,
  type ProductSubCategoryName,
} from '@tavlin/contracts'
import { readPage } from '../../components/commerce/pagination'
import type { ProductListParams } from '../../api/products'

function isCategory(value: string | null): value is ProductCategoryName {
  return productCategoryNames.some((name) => name === value)
}

/**
 * The shop's filters live in the address (`?filter=&category=&subCategory=&page=`), so a
 * filtered page can be shared and survives reload and back/forward. Unknown values are
 * dropped rather than sent to the API, and a subcategory counts only under its parent.
 */
export function useProductSearch() {
  const [params, setParams] = useSearchParams()
  const rawCategory = params.get('category')
  const category = isCategory(rawCategory) ? rawCategory : undefined
  const rawSub = params.get('subCategory')
  const subCategory = category
    ? subCategoriesOf(category).find((sub) => sub.nameInEnglish === rawSub)?.nameInEnglish
    : undefined
  // A longer shared address searches its first part, not a 400 (issue 35).
  const filter = cutSearch(params.get('filter') ?? '').trim() || undefined
  const page = readPage(params)

  const query: ProductListParams = { page, limit: PAGE_SIZES.shop, category, subCategory, filter }

  /** Any filter change starts again at page 1. */
  const update = useCallback(
    (changes: Record<string, string | undefined>, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value)
            else next.delete(key)
          }
          next.delete('page')
          return next
        },
        { replace: options?.replace ?? false },
      )
    },
    [setParams],
  )

  const setCategory = useCallback(
    (value: ProductCategoryName | undefined) => update({ category: value, subCategory: undefined }),
    [update],
  )
  const setSubCategory = useCallback(
    (value: ProductSubCategoryName | undefined) => update({ subCategory: value }),
    [update],
  )
  const setFilter = useCallback(
    (value: string, options?: { replace?: boolean }) =>
      update({ filter: value.trim() || undefined }, options),
    [update],
  )
  const clear = useCallback(
    () => update({ filter: undefined, category: undefined, subCategory: undefined }),
    [update],
  )

  return { query, category, subCategory, filter, page, setCategory, setSubCategory, setFilter, clear }
}
