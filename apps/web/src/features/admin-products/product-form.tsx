import { useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import { useTranslation } from '../../lib/i18n'
import { ProductInputSchema, type Product, type ProductInput } from '@tavlin/contracts'
import { useCreateProduct, useUpdateProduct } from '../../api/products'
import { imageUploader } from '../../api/uploads'
import { CatalogForm, type CatalogFormKind } from '../../components/catalog-form/catalog-form'
import { RepeatedRows } from '../../components/catalog-form/row-list'
import { asStock } from '../../components/catalog-form/stock-field'
import type { CatalogForm as CatalogFormState } from '../../components/catalog-form/use-catalog-form'
import { TextField } from '../../components/ui/form-field'
import { CategoryPicker, type ProductFormValues } from './category-picker'
import { ProductTexts } from './product-texts'
import {
  emptyLabellingValues,
  LabellingFields,
  labellingFormValues,
  withoutEmptyNutrition,
} from './labelling-fields'

// Number inputs start empty: undefined fails the schema with its own "must be positive" message.
const blankPrice = () => ({
  size: { sizeName: '', sizeQuantity: undefined as unknown as number },
  price: undefined as unknown as number,
  stock: null,
  sku: '',
  barcode: '',
})
const blankFeature = () => ({ title: '', description: '' })

const EMPTY: ProductFormValues = {
  name: '',
  nameInEnglish: '',
  shortDescription: '',
  image: '',
  pricing: [blankPrice()],
  categories: [],
  subCategories: [],
  features: { value: [blankFeature()] },
  labelling: emptyLabellingValues(),
  perishable: false,
  isHidden: false,
}

function toFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    nameInEnglish: product.nameInEnglish ?? '',
    shortDescription: product.shortDescription,
    image: product.image,
    pricing: product.pricing.map((option) => ({
      ...option,
      sku: option.sku ?? '',
      barcode: option.barcode ?? '',
    })),
    categories: product.categories as ProductInput['categories'],
    subCategories: product.subCategories as ProductInput['subCategories'],
    features: product.features,
    labelling: labellingFormValues(product),
    perishable: product.perishable ?? false,
    isHidden: product.isHidden,
  }
}

/** A size's empty SKU or barcode is none: left out of what is sent. */
function withoutEmptyCodes(values: unknown): unknown {
  const pricing = (values as { pricing?: unknown }).pricing
  if (!Array.isArray(pricing)) return values
  const trimmed = pricing.map((option: Record<string, unknown>) => {
    const { sku, barcode, ...rest } = option
    return {
      ...rest,
      ...(typeof sku === 'string' && sku.trim() !== '' && { sku }),
      ...(typeof barcode === 'string' && barcode.trim() !== '' && { barcode }),
    }
  })
  return { ...(values as object), pricing: trimmed }
}

// The contract's schema, after eight empty nutrition numbers become "no table" and empty codes none.
const formSchema = z.preprocess(
  (values) => withoutEmptyCodes(withoutEmptyNutrition(values)),
  ProductInputSchema,
) as unknown as z.ZodType<ProductInput, ProductFormValues>

const productFormKind: CatalogFormKind<ProductFormValues, ProductInput, Product> = {
  schema: formSchema,
  empty: EMPTY,
  toFormValues,
  uploader: imageUploader('products'),
  useCreate: useCreateProduct,
  useUpdate: useUpdateProduct,
  successKeys: { added: 'admin.products.addSuccess', updated: 'admin.products.updateSuccess' },
}

type ProductFormProps = {
  /** The product being edited; absent when adding. */
  product?: Product | undefined
  onDone: () => void
  onCancel: () => void
}
type ProductCatalogForm = CatalogFormState<ProductFormValues, ProductInput>

/** Add or edit a product with every rule of spec §5; the rules come from the contract schema. */
export function ProductForm({ product, onDone, onCancel }: ProductFormProps) {
  return (
    <CatalogForm
      kind={productFormKind}
      entity={product}
      onDone={onDone}
      onCancel={onCancel}
      intro={(catalogForm) => <ProductTexts catalogForm={catalogForm} />}
    >
      {(catalogForm) => (
        <>
          <PricingRows catalogForm={catalogForm} />
          <ProductCategories catalogForm={catalogForm} />
          <FeatureRows catalogForm={catalogForm} />
          <LabellingFields catalogForm={catalogForm} />
        </>
      )}
    </CatalogForm>
  )
}

function ProductCategories({ catalogForm: { form, errorText } }: { catalogForm: ProductCatalogForm }) {
  const { errors, isSubmitted } = form.formState
  const categoriesError = errors.categories?.root?.message ?? errors.categories?.message
  // The server checks each chosen subcategory against its parent (`body.subCategories.N` and
  // `…N.nameOfParentCategory`): its message goes under the picker, with the subcategory's name.
  const chosen = form.getValues('subCategories') ?? []
  const subCategoryErrors = chosen.flatMap((sub, index) => {
    const entry = errors.subCategories?.[index]
    const message = entry?.message ?? entry?.nameOfParentCategory?.message
    return message
      ? [{ key: `${sub.nameInEnglish}-${index}`, text: `${sub.nameInHebrew}: ${errorText(message)}` }]
      : []
  })
  return (
    <>
      <CategoryPicker control={form.control} setValue={form.setValue} shouldValidate={isSubmitted} />
      {categoriesError && (
        <p className="-mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(categoriesError)}
        </p>
      )}
      {subCategoryErrors.map(({ key, text }) => (
        <p key={key} className="-mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {text}
        </p>
      ))}
    </>
  )
}

/** Sizes, each with its quantity, price, stock (empty: not tracked), SKU and barcode. */
function PricingRows({ catalogForm: { form, errorText } }: { catalogForm: ProductCatalogForm }) {
  const { t } = useTranslation()
  const errors = form.formState.errors
  const pricing = useFieldArray({ control: form.control, name: 'pricing' })
  return (
    <RepeatedRows
      fields={pricing.fields}
      legend={t('admin.products.form.pricing')}
      error={errorText(errors.pricing?.root?.message ?? errors.pricing?.message)}
      addLabel={t('admin.products.form.addPricing')}
      onAdd={() => pricing.append(blankPrice())}
      rowLabel={(n) => t('admin.products.form.pricingRow', { n })}
      removeLabel={(n) => t('admin.products.form.removePricing', { n })}
      onRemove={pricing.remove}
    >
      {(index) => (
        <>
          <TextField
            className="min-w-40 flex-1"
            label={t('admin.products.form.sizeName')}
            error={errorText(errors.pricing?.[index]?.size?.sizeName?.message)}
            {...form.register(`pricing.${index}.size.sizeName`)}
          />
          <TextField
            className="w-36"
            type="number"
            inputMode="decimal"
            step="any"
            dir="ltr"
            label={t('admin.products.form.sizeQuantity')}
            error={errorText(errors.pricing?.[index]?.size?.sizeQuantity?.message)}
            {...form.register(`pricing.${index}.size.sizeQuantity`, { valueAsNumber: true })}
          />
          <TextField
            className="w-36"
            type="number"
            inputMode="decimal"
            step="0.01"
            dir="ltr"
            label={t('admin.products.form.price')}
            error={errorText(errors.pricing?.[index]?.price?.message)}
            {...form.register(`pricing.${index}.price`, { valueAsNumber: true })}
          />
          <TextField
            className="w-36"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            dir="ltr"
            label={t('admin.stock.field')}
            hint={t('admin.stock.fieldHint')}
            error={errorText(errors.pricing?.[index]?.stock?.message)}
            {...form.register(`pricing.${index}.stock`, { setValueAs: asStock })}
          />
          <TextField
            className="w-36"
            dir="ltr"
            autoComplete="off"
            label={t('admin.products.form.sku')}
            error={errorText(errors.pricing?.[index]?.sku?.message)}
            {...form.register(`pricing.${index}.sku`)}
          />
          <TextField
            className="w-40"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            label={t('admin.products.form.barcode')}
            error={errorText(errors.pricing?.[index]?.barcode?.message)}
            {...form.register(`pricing.${index}.barcode`)}
          />
        </>
      )}
    </RepeatedRows>
  )
}

/** Title and description pairs shown on the product page. */
function FeatureRows({ catalogForm: { form, errorText } }: { catalogForm: ProductCatalogForm }) {
  const { t } = useTranslation()
  const errors = form.formState.errors
  const features = useFieldArray({ control: form.control, name: 'features.value' })
  return (
    <RepeatedRows
      fields={features.fields}
      legend={t('admin.products.form.features')}
      error={errorText(errors.features?.value?.root?.message ?? errors.features?.value?.message)}
      addLabel={t('admin.products.form.addFeature')}
      onAdd={() => features.append(blankFeature())}
      rowLabel={(n) => t('admin.products.form.featureRow', { n })}
      removeLabel={(n) => t('admin.products.form.removeFeature', { n })}
      onRemove={features.remove}
    >
      {(index) => (
        <>
          <TextField
            className="min-w-40 flex-1"
            label={t('admin.products.form.featureTitle')}
            error={errorText(errors.features?.value?.[index]?.title?.message)}
            {...form.register(`features.value.${index}.title`)}
          />
          <TextField
            className="min-w-56 flex-[2]"
            label={t('admin.products.form.featureDescription')}
            error={errorText(errors.features?.value?.[index]?.description?.message)}
            {...form.register(`features.value.${index}.description`)}
          />
        </>
      )}
    </RepeatedRows>
  )
}
