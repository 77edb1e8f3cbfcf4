import { useId, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CatalogueImportReport } from '@tavlin/contracts'
import { catalogueImportApi } from '../../api/catalogue-import'
import { packageKeys } from '../../api/packages'
import { productKeys } from '../../api/products'
import { recipeKeys } from '../../api/recipes'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { submitButtonClass } from '../../components/ui/form-field'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { isApiError } from '../../lib/api-client'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { CategoryMapping, ImportPreview, totalsOf } from './catalogue-import-report'

/** The server's own Hebrew reason for a refused file; any other error by its code. */
function useImportErrorText() {
  const errorText = useApiErrorText()
  return (error: unknown) =>
    isApiError(error) && error.code === 'CATALOGUE_IMPORT_FILE' ? error.message : errorText(error)
}

type FilePickerProps = {
  disabled: boolean
  pending: boolean
  onFile: (file: File | null) => void
  onCheck: () => void
}

/** The file, and the dry run's button. */
function FilePicker({ disabled, pending, onFile, onCheck }: FilePickerProps) {
  const { t } = useTranslation()
  const inputId = useId()
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold">
          {t('admin.catalogueImport.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <button type="button" className={secondaryButtonClass} disabled={disabled} onClick={onCheck}>
        {pending ? t('admin.catalogueImport.checking') : t('admin.catalogueImport.check')}
      </button>
    </div>
  )
}

/**
 * "ייבוא" above the product list (issue 37): a file (our export — products, recipes and packages —
 * or WooCommerce's or Shopify's),
 * its dry run as a preview with the category mapping, then apply: all of it or nothing.
 */
export function CatalogueImport() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const errorText = useImportErrorText()
  const [file, setFile] = useState<File | null>(null)
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [report, setReport] = useState<CatalogueImportReport | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const run = useMutation({
    mutationFn: (apply: boolean) => catalogueImportApi.send(file!, { apply, mapping }),
    onMutate: () => setFailure(null),
    onSuccess: async (answer) => {
      setReport(answer)
      if (!answer.applied) return
      toast.success(t('admin.catalogueImport.applied', totalsOf(answer)))
      await Promise.all(
        [productKeys.all, recipeKeys.all, packageKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      )
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CATALOGUE_IMPORT_INVALID')
        setReport(error.details as CatalogueImportReport)
      setFailure(errorText(error))
    },
  })
  const totals = report && totalsOf(report)
  const ready = report !== null && !report.applied && totals!.invalid === 0
  const writes = totals ? totals.create + totals.change : 0
  // Products only: "ייבוא 2 מוצרים"; with recipes or packages among them: "ייבוא 3 פריטים".
  const onlyProducts = report !== null && writes === report.counts.create + report.counts.change

  return (
    <details className="rounded-lg border border-line bg-surface p-3">
      <summary className="cursor-pointer font-semibold">{t('admin.catalogueImport.title')}</summary>
      <div className="mt-3 flex flex-col gap-3">
        <p className="text-sm text-ink-muted">{t('admin.catalogueImport.hint')}</p>
        <FilePicker
          disabled={!file || run.isPending}
          pending={run.isPending}
          onFile={(chosen) => {
            setFile(chosen)
            setReport(null)
            setFailure(null)
            setMapping({})
          }}
          onCheck={() => run.mutate(false)}
        />
        {failure && (
          <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
            {failure}
          </p>
        )}
        {report && (
          <>
            <ImportPreview report={report} />
            <CategoryMapping
              unknown={report.unknownCategories}
              mapping={mapping}
              onChange={(name, ours) => setMapping((current) => ({ ...current, [name]: ours }))}
            />
            {ready && writes > 0 && (
              <button
                type="button"
                className={`${submitButtonClass} self-start`}
                disabled={run.isPending}
                onClick={() => run.mutate(true)}
              >
                {t(onlyProducts ? 'admin.catalogueImport.apply' : 'admin.catalogueImport.applyItems', {
                  count: writes,
                })}
              </button>
            )}
          </>
        )}
      </div>
    </details>
  )
}
