import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { packageQueries } from '../../api/packages'
import { Spinner } from '../../components/ui/spinner'
import { isApiError } from '../../lib/api-error'
import { PackageForm } from './package-form'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type PackageEditorProps = { packageId: string; onDone: () => void; onCancel: () => void }

/** Edit mode: the target comes from the address, so a reload reopens the same package. */
export function PackageEditor({ packageId, onDone, onCancel }: PackageEditorProps) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const pkg = useQuery(packageQueries.detail(packageId))
  if (pkg.isPending) return <Spinner />
  if (pkg.isError) {
    return (
      <p role="alert">
        {isApiError(pkg.error) && pkg.error.code === 'NOT_FOUND'
          ? t('admin.packages.notFound')
          : t('admin.form.loadError', { message: errorText(pkg.error) })}
      </p>
    )
  }
  // Keyed by id: switching to another package starts a fresh form with its values.
  return <PackageForm key={pkg.data._id} pkg={pkg.data} onDone={onDone} onCancel={onCancel} />
}
