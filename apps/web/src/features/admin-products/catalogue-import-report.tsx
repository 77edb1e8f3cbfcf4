import {
  PRODUCT_CATEGORIES,
  PRODUCT_SUB_CATEGORIES,
  type CatalogueImportCounts,
  type CatalogueImportItem,
  type CatalogueImportReport,
} from '@tavlin/contracts'
import { selectClass } from '../../components/ui/data-table'
import { useTranslation } from '../../lib/i18n'

/** At most this many rows of the preview are listed; the counts cover all. */
const LISTED = 200

/** "שורה 14, עמודה מחיר: המחיר חייב להיות חיובי". */
const problemLine = (problem: CatalogueImportItem['problems'][number]) =>
  problem.column
    ? `שורה ${problem.row}, עמודה ${problem.column}: ${problem.message}`
    : `שורה ${problem.row}: ${problem.message}`

const CHOICES = [
  ...PRODUCT_CATEGORIES.map((c) => ({ value: c.nameInEnglish, label: c.nameInHebrew })),
  ...PRODUCT_SUB_CATEGORIES.map((c) => ({
    value: c.nameInEnglish,
    label: `${PRODUCT_CATEGORIES.find((p) => p.nameInEnglish === c.nameOfParentCategory)?.nameInHebrew ?? ''} › ${c.nameInHebrew}`,
  })),
]

type MappingProps = {
  unknown: CatalogueImportReport['unknownCategories']
  mapping: Record<string, string>
  onChange: (name: string, ours: string) => void
}

/** The old shop's categories that match none of ours, each with a choice of ours. */
export function CategoryMapping({ unknown, mapping, onChange }: MappingProps) {
  const { t } = useTranslation()
  if (unknown.length === 0) return null
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <legend className="px-1 font-semibold">{t('admin.catalogueImport.mapping')}</legend>
      <p className="text-sm text-ink-muted">{t('admin.catalogueImport.mappingHint')}</p>
      {unknown.map(({ name, rows }) => (
        <label key={name} className="flex flex-wrap items-center gap-2">
          <span className="min-w-40 font-medium">
            <bdi>{name}</bdi>{' '}
            <span className="text-sm text-ink-muted">
              ({t('admin.catalogueImport.rows', { count: rows.length })})
            </span>
          </span>
          <select
            className={selectClass}
            value={mapping[name] ?? ''}
            onChange={(event) => onChange(name, event.target.value)}
          >
            <option value="">{t('admin.catalogueImport.chooseCategory')}</option>
            {CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  )
}

/** Every kind's counts added up: what the apply button and its message count. */
export function totalsOf(report: CatalogueImportReport): CatalogueImportCounts {
  const kinds = [report.counts, report.recipes, report.packages]
  const sum = (key: keyof CatalogueImportCounts) => kinds.reduce((total, counts) => total + counts[key], 0)
  return {
    create: sum('create'),
    change: sum('change'),
    unchanged: sum('unchanged'),
    invalid: sum('invalid'),
  }
}

const hasAny = (counts: CatalogueImportCounts) => Object.values(counts).some((count) => count > 0)

function ItemLine({ item }: { item: CatalogueImportItem }) {
  const { t } = useTranslation()
  return (
    <li className="flex flex-col gap-1 border-b border-line py-2 last:border-b-0">
      <span>
        <span
          className={
            item.status === 'invalid' ? 'font-semibold text-red-700 dark:text-red-400' : 'font-semibold'
          }
        >
          {t(`admin.catalogueImport.status.${item.status}`)}
        </span>
        {' · '}
        {item.kind !== 'product' && `${t(`admin.catalogueImport.kind.${item.kind}`)} `}
        <bdi>{item.name || t('admin.catalogueImport.noName')}</bdi>
        <span className="text-sm text-ink-muted"> ({t('admin.catalogueImport.row', { row: item.row })})</span>
      </span>
      {item.changes.length > 0 && (
        <ul className="ms-4 list-disc text-sm">
          {item.changes.map((change) => (
            <li key={change.field}>
              {change.field}: <bdi className="line-through">{change.before || '—'}</bdi> ←{' '}
              <bdi>{change.after || '—'}</bdi>
            </li>
          ))}
        </ul>
      )}
      {item.problems.length > 0 && (
        <ul className="ms-4 list-disc text-sm text-red-700 dark:text-red-400">
          {item.problems.map((problem, index) => (
            <li key={index}>{problemLine(problem)}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** The dry run's preview: counts, then what changes and what is wrong, row by row. */
export function ImportPreview({ report }: { report: CatalogueImportReport }) {
  const { t } = useTranslation()
  const shown = report.items.filter((item) => item.status !== 'unchanged').slice(0, LISTED)
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p>
        {t(`admin.catalogueImport.source.${report.source}`)}
        {report.encoding === 'windows-1255' && ` · ${t('admin.catalogueImport.windows1255')}`}
      </p>
      {(hasAny(report.counts) || (!hasAny(report.recipes) && !hasAny(report.packages))) && (
        <p className="font-semibold">{t('admin.catalogueImport.counts', report.counts)}</p>
      )}
      {(['recipes', 'packages'] as const)
        .filter((kind) => hasAny(report[kind]))
        .map((kind) => (
          <p key={kind} className="font-semibold">
            {t(`admin.catalogueImport.${kind}Counts`, report[kind])}
          </p>
        ))}
      {shown.length > 0 && (
        <ul className="max-h-[28rem] overflow-y-auto rounded-lg border border-line px-3">
          {shown.map((item) => (
            <ItemLine key={`${item.kind}-${item.row}`} item={item} />
          ))}
        </ul>
      )}
    </div>
  )
}
