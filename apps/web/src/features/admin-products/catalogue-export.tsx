import { useId, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { shopToday, type CatalogueExportQuery } from '@tavlin/contracts'
import { catalogueExportApi } from '../../api/catalogue-export'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { selectClass } from '../../components/ui/data-table'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import type { ParseKeys } from '../../lib/i18n'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { saveFile } from '../../lib/save-file'

/** What the owner can take: the whole catalogue as a workbook, or one kind as CSV. */
const CHOICES = {
  xlsx: { query: { format: 'xlsx' }, labelKey: 'admin.catalogueExport.formats.xlsx' },
  'csv-products': {
    query: { format: 'csv', kind: 'products' },
    labelKey: 'admin.catalogueExport.formats.csvProducts',
  },
  'csv-recipes': {
    query: { format: 'csv', kind: 'recipes' },
    labelKey: 'admin.catalogueExport.formats.csvRecipes',
  },
  'csv-packages': {
    query: { format: 'csv', kind: 'packages' },
    labelKey: 'admin.catalogueExport.formats.csvPackages',
  },
} satisfies Record<string, { query: CatalogueExportQuery; labelKey: ParseKeys }>
type Choice = keyof typeof CHOICES

/** The same names as the server gives the download: `tavlin-catalogue-2026-06-01.xlsx`. */
const fileNameOf = ({ format, kind }: CatalogueExportQuery) =>
  `tavlin-${kind ?? 'catalogue'}-${shopToday()}.${format}`

/** "ייצוא הקטלוג" above the product list (issue 37): products, recipes and packages to a spreadsheet. */
export function CatalogueExport() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const selectId = useId()
  const [choice, setChoice] = useState<Choice>('xlsx')
  const exportFile = useMutation({
    mutationFn: (query: CatalogueExportQuery) => catalogueExportApi.download(query),
    onSuccess: (blob, query) => saveFile(blob, fileNameOf(query)),
    onError: (error) => toast.error(t('admin.catalogueExport.error', { message: errorText(error) })),
  })
  return (
    <section aria-label={t('admin.catalogueExport.title')} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 max-w-full flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-semibold">
          {t('admin.catalogueExport.format')}
        </label>
        <select
          id={selectId}
          className={`${selectClass} max-w-full`}
          value={choice}
          onChange={(event) => setChoice(event.target.value as Choice)}
        >
          {Object.entries(CHOICES).map(([value, { labelKey }]) => (
            <option key={value} value={value}>
              {t(labelKey)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={exportFile.isPending}
        onClick={() => exportFile.mutate(CHOICES[choice].query)}
      >
        {exportFile.isPending ? t('admin.catalogueExport.exporting') : t('admin.catalogueExport.button')}
      </button>
    </section>
  )
}
