import type { CatalogueImportCounts, CatalogueImportItem, CatalogueImportReport } from '@tavlin/contracts'
import type { DraftSource } from './import-draft.js'
import type { ImportFile } from './import-file.js'
import type { PlannedItem } from './import-plan.js'
import type { LinkedPlan } from './import-linked.js'

/** What a file would do, per kind: the products', the recipes' and the packages' items. */
export type ImportPlan = { products: PlannedItem[] } & LinkedPlan

const countsOf = (items: ReadonlyArray<Pick<CatalogueImportItem, 'status'>>): CatalogueImportCounts => {
  const count = (status: CatalogueImportItem['status']) =>
    items.filter((item) => item.status === status).length
  return {
    create: count('create'),
    change: count('change'),
    unchanged: count('unchanged'),
    invalid: count('invalid'),
  }
}

/** The items as the wire has them: without their writes and the plan's own notes. */
const reported = ({
  write: _write,
  keptId: _kept,
  ...item
}: CatalogueImportItem & { write?: unknown; keptId?: string }) => item

export function reportOf(
  file: ImportFile,
  source: DraftSource,
  plan: ImportPlan,
  applied: boolean,
): CatalogueImportReport {
  const unknown = new Map<string, number[]>()
  for (const item of plan.products)
    for (const name of item.unknownCategories) unknown.set(name, [...(unknown.get(name) ?? []), item.row])
  return {
    source: source.label,
    format: file.format,
    encoding: file.encoding,
    applied,
    counts: countsOf(plan.products),
    recipes: countsOf(plan.recipes),
    packages: countsOf(plan.packages),
    items: [
      ...plan.products.map(({ unknownCategories: _unknown, ...item }) => reported(item)),
      ...plan.recipes.map(reported),
      ...plan.packages.map(reported),
    ],
    unknownCategories: [...unknown].map(([name, rows]) => ({ name, rows })),
  }
}

/** Rows with a problem, of every kind. */
export const invalidCount = (report: CatalogueImportReport): number =>
  report.counts.invalid + report.recipes.invalid + report.packages.invalid

/** "ייבוא קובץ ייצוא: 2 נוספו, 1 עודכנו, 30 ללא שינוי; מתכונים: …" for the activity log. */
export function auditSummary(label: string, report: CatalogueImportReport): string {
  const part = (counts: CatalogueImportCounts) =>
    `${counts.create} נוספו, ${counts.change} עודכנו, ${counts.unchanged} ללא שינוי`
  const others = [
    ['מתכונים', report.recipes],
    ['מארזים', report.packages],
  ] as const
  return [
    `ייבוא ${label}: ${part(report.counts)}`,
    ...others
      .filter(([, counts]) => counts.create + counts.change + counts.unchanged > 0)
      .map(([name, counts]) => `${name}: ${part(counts)}`),
  ].join('; ')
}
