import type { CatalogueImportReport } from '@tavlin/contracts'
import { problemLine } from './import-messages.js'

const SOURCES: Record<CatalogueImportReport['source'], string> = {
  tavlin: 'קובץ ייצוא של החנות',
  woocommerce: 'ייצוא מוצרים של WooCommerce',
  shopify: 'ייצוא מוצרים של Shopify',
}

/** The report as lines of Hebrew text, for the command line. */
export function reportLines(report: CatalogueImportReport): string[] {
  const { counts } = report
  const lines = [
    `${SOURCES[report.source]} (${report.format.toUpperCase()}${report.encoding === 'windows-1255' ? ', קידוד Windows-1255' : ''})`,
    `${report.applied ? 'יובא' : 'בדיקה בלבד (להחלה: --apply)'}: ${counts.create} חדשים, ${counts.change} משתנים, ${counts.unchanged} ללא שינוי, ${counts.invalid} עם בעיות`,
  ]
  for (const item of report.items) {
    if (item.status === 'create') lines.push(`+ שורה ${item.row}: ${item.name}`)
    if (item.status === 'change') {
      lines.push(`~ שורה ${item.row}: ${item.name}`)
      for (const change of item.changes) lines.push(`    ${change.field}: ${change.before} ← ${change.after}`)
    }
    for (const problem of item.problems)
      lines.push(`! ${problemLine(problem.row, problem.column ?? undefined, problem.message)}`)
  }
  for (const unknown of report.unknownCategories)
    lines.push(
      `? קטגוריה לא מוכרת "${unknown.name}" (שורות ${unknown.rows.join(', ')}): --map "${unknown.name}=<קטגוריה>"`,
    )
  return lines
}
