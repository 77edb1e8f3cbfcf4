import type { CatalogueImportReport } from '@tavlin/contracts'
import { problemLine } from './import-messages.js'

const SOURCES: Record<CatalogueImportReport['source'], string> = {
  tavlin: 'קובץ ייצוא של החנות',
  woocommerce: 'ייצוא מוצרים של WooCommerce',
  shopify: 'ייצוא מוצרים של Shopify',
}

const KINDS = { product: '', recipe: 'מתכון ', package: 'מארז ' } as const

const countsLine = (counts: CatalogueImportReport['counts']) =>
  `${counts.create} חדשים, ${counts.change} משתנים, ${counts.unchanged} ללא שינוי, ${counts.invalid} עם בעיות`

const any = (counts: CatalogueImportReport['counts']) => Object.values(counts).some((count) => count > 0)

/** The report as lines of Hebrew text, for the command line. */
export function reportLines(report: CatalogueImportReport): string[] {
  const lines = [
    `${SOURCES[report.source]} (${report.format.toUpperCase()}${report.encoding === 'windows-1255' ? ', קידוד Windows-1255' : ''})`,
  ]
  const status = report.applied ? 'יובא' : 'בדיקה בלבד (להחלה: --apply)'
  // A file of recipes or packages only says nothing of products.
  const others = any(report.recipes) || any(report.packages)
  lines.push(any(report.counts) || !others ? `${status}: ${countsLine(report.counts)}` : `${status}:`)
  if (any(report.recipes)) lines.push(`מתכונים: ${countsLine(report.recipes)}`)
  if (any(report.packages)) lines.push(`מארזים: ${countsLine(report.packages)}`)
  for (const item of report.items) {
    const where = `${KINDS[item.kind]}שורה ${item.row}: ${item.name}`
    if (item.status === 'create') lines.push(`+ ${where}`)
    if (item.status === 'change') {
      lines.push(`~ ${where}`)
      for (const change of item.changes) lines.push(`    ${change.field}: ${change.before} ← ${change.after}`)
    }
    for (const problem of item.problems)
      lines.push(
        `! ${KINDS[item.kind]}${problemLine(problem.row, problem.column ?? undefined, problem.message)}`,
      )
  }
  for (const unknown of report.unknownCategories)
    lines.push(
      `? קטגוריה לא מוכרת "${unknown.name}" (שורות ${unknown.rows.join(', ')}): --map "${unknown.name}=<קטגוריה>"`,
    )
  return lines
}
