import { z } from 'zod'

/**
 * The catalogue import's report (issue 37, decision 285): a dry run says what applying the
 * file would create, change (field by field) and leave alone, and every row's problems in
 * Hebrew; applying writes all of it in one transaction, or nothing when any problem remains.
 */
export const CATALOGUE_IMPORT_SOURCES = ['tavlin', 'woocommerce', 'shopify'] as const
export type CatalogueImportSource = (typeof CATALOGUE_IMPORT_SOURCES)[number]

export const CatalogueImportProblemSchema = z.object({
  /** The spreadsheet's row (the header is row 1). */
  row: z.number().int(),
  /** The column's title as the file has it; null for the whole row. */
  column: z.string().nullable(),
  /** A stable code: the contracts' validation key, or `import.*`. */
  code: z.string(),
  /** Hebrew, ready to show: "המחיר חייב להיות חיובי". */
  message: z.string(),
})
export type CatalogueImportProblem = z.infer<typeof CatalogueImportProblemSchema>

export const CatalogueImportChangeSchema = z.object({
  /** The field in Hebrew, as the export's column titles name it ("100 גרם · מחיר (₪)"). */
  field: z.string(),
  before: z.string(),
  after: z.string(),
})

export const CATALOGUE_IMPORT_STATUSES = ['create', 'change', 'unchanged', 'invalid'] as const

/** What a row of the report is: a product, a recipe or a package (decision 292). */
export const CATALOGUE_IMPORT_KINDS = ['product', 'recipe', 'package'] as const
export type CatalogueImportKind = (typeof CATALOGUE_IMPORT_KINDS)[number]

export const CatalogueImportItemSchema = z.object({
  kind: z.enum(CATALOGUE_IMPORT_KINDS),
  /** The row of its own sheet (or CSV file) where it starts. */
  row: z.number().int(),
  name: z.string(),
  status: z.enum(CATALOGUE_IMPORT_STATUSES),
  /** The product, recipe or package (by `kind`) it updates; null for a new one. */
  productId: z.string().nullable(),
  changes: z.array(CatalogueImportChangeSchema),
  problems: z.array(CatalogueImportProblemSchema),
})
export type CatalogueImportItem = z.infer<typeof CatalogueImportItemSchema>

export const CatalogueImportCountsSchema = z.object({
  create: z.number().int(),
  change: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
})
export type CatalogueImportCounts = z.infer<typeof CatalogueImportCountsSchema>

export const CatalogueImportReportSchema = z.object({
  source: z.enum(CATALOGUE_IMPORT_SOURCES),
  format: z.enum(['csv', 'xlsx']),
  /** How a CSV file's bytes were read: Windows-1255 is detected and said so. */
  encoding: z.enum(['utf-8', 'windows-1255']),
  applied: z.boolean(),
  /** The products' counts. */
  counts: CatalogueImportCountsSchema,
  /** The recipes' and the packages' (our own export's other sheets or CSV files; decision 292). */
  recipes: CatalogueImportCountsSchema,
  packages: CatalogueImportCountsSchema,
  items: z.array(CatalogueImportItemSchema),
  /** Category names matching none of ours, with their rows: for the mapping step. */
  unknownCategories: z.array(z.object({ name: z.string(), rows: z.array(z.number().int()) })),
})
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>

export const CatalogueImportQuerySchema = z.object({
  /** true (the default): report only. false: apply, all or nothing. */
  dryRun: z
    .enum(['true', 'false'], { error: 'validation.catalogueImport.dryRun' })
    .default('true')
    .transform((value) => value === 'true'),
  /** The owner's category mapping, `old=new`: repeated, or several on lines of one value. */
  map: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : [value].flat().flatMap((pairs) => pairs.split('\n')))),
})
export type CatalogueImportQuery = z.infer<typeof CatalogueImportQuerySchema>
