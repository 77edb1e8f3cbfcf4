import { z } from 'zod'

/**
 * The catalogue as a spreadsheet (issue 37): one XLSX workbook with a sheet per kind, or one
 * CSV file per kind. The columns are the server's (docs/decisions/275-catalogue-export-columns.md).
 */
export const CATALOGUE_EXPORT_FORMATS = ['xlsx', 'csv'] as const
export type CatalogueExportFormat = (typeof CATALOGUE_EXPORT_FORMATS)[number]

export const CATALOGUE_EXPORT_KINDS = ['products', 'recipes', 'packages'] as const
export type CatalogueExportKind = (typeof CATALOGUE_EXPORT_KINDS)[number]

export const CatalogueExportQuerySchema = z
  .object({
    format: z.enum(CATALOGUE_EXPORT_FORMATS, { error: 'validation.catalogueExport.format' }),
    /** One kind only; a workbook holds all three when none is named. */
    kind: z.enum(CATALOGUE_EXPORT_KINDS, { error: 'validation.catalogueExport.kind' }).optional(),
  })
  // A CSV file holds one table: which one must be said.
  .refine((query) => query.format !== 'csv' || query.kind !== undefined, {
    error: 'validation.catalogueExport.csvNeedsKind',
    path: ['kind'],
  })
export type CatalogueExportQuery = z.infer<typeof CatalogueExportQuerySchema>
