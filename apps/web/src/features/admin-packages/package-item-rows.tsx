import type { ComponentProps } from 'react'
import { useFieldArray, useWatch, type UseFormRegisterReturn } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import type { z } from 'zod'
import { PAGE_SIZES, type Package, type PackageInput, type PackageInputSchema } from '@tavlin/contracts'
import { productQueries } from '../../api/products'
import { ProductOptions } from '../../components/catalog-form/product-options'
import { RepeatedRows } from '../../components/catalog-form/row-list'
import type { CatalogForm as CatalogFormState } from '../../components/catalog-form/use-catalog-form'
import { selectClass } from '../../components/ui/data-table'
import { FieldShell, TextField } from '../../components/ui/form-field'

export type PackageFormValues = z.input<typeof PackageInputSchema>

export function blankItem(): PackageFormValues['items'][number] {
  return { productId: '', sizeName: '', quantity: 1 }
}

// The product picker offers the newest products, hidden ones too (decision 293: a package
// holding one stays on sale), and any product the package already holds; a larger catalogue
// would want a search here, as the recipe form notes too.
const pickableProducts = { page: 1, limit: PAGE_SIZES.max }

type PackageItemRowsProps = {
  catalogForm: CatalogFormState<PackageFormValues, PackageInput>
  /** What the package holds when editing. */
  held: Package['items']
}

type ProductFieldProps = {
  n: number
  error: string | undefined
  registration: UseFormRegisterReturn
  /** Products the package holds that the picker's page does not list. */
  held: Package['items']
  products: ComponentProps<typeof ProductOptions>['products']
}

/** One row's product select: the package's own products, then the catalogue's. */
function ProductField({ n, error, registration, held, products }: ProductFieldProps) {
  const { t } = useTranslation()
  return (
    <FieldShell className="min-w-48 flex-1" label={t('admin.packages.form.itemProduct', { n })} error={error}>
      {(controlProps) => (
        <select {...controlProps} className={selectClass} {...registration}>
          <option value="">{t('admin.packages.form.chooseProduct')}</option>
          {held.map((item) => (
            <option key={`held-${item.productId}-${item.sizeName}`} value={item.productId}>
              {item.productName}
            </option>
          ))}
          <ProductOptions products={products} />
        </select>
      )}
    </FieldShell>
  )
}

type SizeFieldProps = {
  n: number
  error: string | undefined
  registration: UseFormRegisterReturn
  sizes: string[]
}

/** One row's size select: the sizes of the product chosen in that row. */
function SizeField({ n, error, registration, sizes }: SizeFieldProps) {
  const { t } = useTranslation()
  return (
    <FieldShell className="w-40" label={t('admin.packages.form.itemSize', { n })} error={error}>
      {(controlProps) => (
        <select {...controlProps} className={selectClass} {...registration}>
          <option value="">{t('admin.packages.form.chooseSize')}</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

/** The contents: rows of product, one of its sizes, and quantity. */
export function PackageItemRows({ catalogForm: { form, errorText }, held: saved }: PackageItemRowsProps) {
  const { t } = useTranslation()
  const { register, control, setValue } = form
  const { errors, isSubmitted } = form.formState
  const products = useQuery(productQueries.adminList(pickableProducts))
  const items = useFieldArray({ control, name: 'items' })
  const chosen = useWatch({ control, name: 'items' })
  // Products the package holds that the picker's page does not list keep their option.
  const held = saved.filter((item) => !products.data?.items.some((product) => product._id === item.productId))
  const sizesOf = (productId: string): string[] => {
    const product = products.data?.items.find((candidate) => candidate._id === productId)
    if (product) return product.pricing.map((option) => option.size.sizeName)
    return saved.filter((item) => item.productId === productId).map((item) => item.sizeName)
  }

  return (
    <RepeatedRows
      fields={items.fields}
      legend={t('admin.packages.form.items')}
      error={errorText(errors.items?.root?.message ?? errors.items?.message)}
      addLabel={t('admin.packages.form.addItem')}
      onAdd={() => items.append(blankItem())}
      rowLabel={(n) => t('admin.packages.form.itemRow', { n })}
      removeLabel={(n) => t('admin.packages.form.removeItem', { n })}
      onRemove={items.remove}
      minRows={1}
    >
      {(index, n) => {
        const rowErrors = errors.items?.[index]
        const productId = chosen?.[index]?.productId ?? ''
        const sizes = productId ? sizesOf(productId) : []
        return (
          <>
            <ProductField
              n={n}
              error={errorText(rowErrors?.productId?.message)}
              registration={register(`items.${index}.productId`, {
                // A new product starts in its first size.
                onChange: (event: { target: { value: string } }) =>
                  setValue(`items.${index}.sizeName`, sizesOf(event.target.value)[0] ?? '', {
                    shouldValidate: isSubmitted,
                  }),
              })}
              held={held}
              products={products.data?.items}
            />
            <SizeField
              // A new product remounts the size select, so it shows the size set for it.
              key={productId}
              n={n}
              error={errorText(rowErrors?.sizeName?.message)}
              registration={register(`items.${index}.sizeName`)}
              sizes={sizes}
            />
            <TextField
              className="w-28"
              type="number"
              inputMode="numeric"
              step="1"
              min="1"
              dir="ltr"
              label={t('admin.packages.form.itemQuantity', { n })}
              error={errorText(rowErrors?.quantity?.message)}
              {...register(`items.${index}.quantity`, { valueAsNumber: true })}
            />
          </>
        )
      }}
    </RepeatedRows>
  )
}
