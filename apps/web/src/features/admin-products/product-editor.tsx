import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { productQueries } from '../../api/products'
import { Spinner } from '../../components/ui/spinner'
import { isApiError } from '../../lib/api-error'
import { ProductForm } from './product-form'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type ProductEditorProps = { productId: string; onDone: () => void; onCancel: () => void }

/** Edit mode: the target comes from the address, so a reload reopens the same product. */
export function ProductEditor({ productId, onDone, onCancel }: ProductEditorProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  // The admin's read: a product hidden from the shop opens here too (decision 293).
  const product = useQuery(productQueries.adminDetail(productId))
  if (product.isPending) return <Spinner />
  if (product.isError) {
    return (
      <p role="alert">
        {isApiError(product.error) && product.error.code === 'NOT_FOUND'
          ? t('admin.products.notFound')
          : t('admin.form.loadError', { message: errorText(product.error) })}
      </p>
    )
  }
  // Keyed by id: switching to another product starts a fresh form with its values.
  return <ProductForm key={product.data._id} product={product.data} onDone={onDone} onCancel={onCancel} />
}
