import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import readExcelFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { loadConfig } from '../../../config/env.js'
import { startControlSocket } from '../../../db/backup/control-socket.js'
import { PACKAGES, PRODUCTS, RECIPES } from '../../../db/seed/catalogue-data.js'
import { seedIfEmpty } from '../../../db/seed/seed.js'
import { restoreFormulas } from '../../../lib/csv.js'
import { buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import {
  EXPORTED_PRODUCT,
  PRODUCT_HEADER,
  exportedPackage,
  exportedRecipe,
  packageRows,
  productRows,
  recipeRows,
  type ExportedCell,
} from '../../../test/catalogue-export-fixture.js'
import { tokenFactory } from '../../../test/tokens.js'
import { runCatalogueExport } from './catalogue-export-cli.js'
import { CATALOGUE_TABLES_ROUTE, everyCatalogueTable } from './catalogue-export-files.js'

type Sheet = Array<Record<string, ExportedCell>>

/** Rows under their header's titles. */
function recordsOf(rows: readonly (readonly unknown[])[]): { header: string[]; records: Sheet } {
  const [header = [], ...body] = rows
  const titles = header.map(String)
  const records = body.map((row) =>
    Object.fromEntries(titles.map((title, i) => [title, (row[i] ?? null) as ExportedCell])),
  )
  return { header: titles, records }
}

/** As read back from a workbook: an empty cell is null, numbers stay numbers. */
const asXlsx = (rows: Sheet) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === '' ? null : value])),
  )

/** As read back from a CSV file: text only, empty for nothing. */
const asCsv = (rows: Sheet) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? '' : String(value)])),
  )

/** Feature columns past the fixture's two are empty on its rows (a demo product has more). */
function withEmptyFeatures(rows: Sheet, header: readonly string[]): Sheet {
  const extra = header.filter((title) => /^מאפיין ([3-9]|\d\d)/.test(title))
  return rows.map((row) => ({ ...row, ...Object.fromEntries(extra.map((title) => [title, null])) }))
}

const rowsOf = (sheet: Sheet, idTitle: string, id: string) => sheet.filter((row) => row[idTitle] === id)

const demoSizes = PRODUCTS.reduce((sum, product) => sum + product.sizes.length, 0)

describe('catalogue export (issue 37): the demo catalogue and a fully filled product, recipe and package', () => {
  let ctx: TestContext
  let admin: Record<string, string>
  let ids: { product: string; recipe: string; pack: string }

  beforeAll(async () => {
    ctx = await buildTestApp()
    await seedIfEmpty(ctx.database.db, ctx.config)
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
    const create = async (url: string, payload: object) => {
      const response = await ctx.app.inject({ method: 'POST', url, headers: admin, payload })
      expect(response.statusCode, response.body).toBe(201)
      return (response.json() as { data: { _id: string } }).data._id
    }
    const product = await create('/api/products', EXPORTED_PRODUCT)
    const recipe = await create('/api/recipes', exportedRecipe(product))
    ids = { product, recipe, pack: await create('/api/packages', exportedPackage(product, recipe)) }
  }, 180_000)
  afterAll(() => ctx.close())

  const download = async (query: string, headers = admin) =>
    ctx.app.inject({ url: `/api/admin/catalogue/export?${query}`, headers })

  it('writes one workbook, right to left, a sheet per kind, that reads back cell for cell', async () => {
    const response = await download('format=xlsx')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tavlin-catalogue-${shopToday()}.xlsx"; ` +
        `filename*=UTF-8''${encodeURIComponent(`קטלוג-${shopToday()}.xlsx`)}`,
    )
    // trim: false — the import must read texts exactly as written.
    const workbook = await readExcelFile(response.rawPayload, { trim: false })
    expect(workbook.map(({ sheet }) => sheet)).toEqual(['מוצרים', 'מתכונים', 'מארזים'])
    const sheet = (name: string) => recordsOf(workbook.find((each) => each.sheet === name)!.data)

    const products = sheet('מוצרים')
    expect(products.header.slice(0, PRODUCT_HEADER.length)).toEqual(PRODUCT_HEADER)
    expect(products.records).toHaveLength(demoSizes + 2)
    expect(rowsOf(products.records, 'מזהה מוצר', ids.product)).toEqual(
      asXlsx(withEmptyFeatures(productRows(ids.product), products.header)),
    )
    const recipes = sheet('מתכונים')
    expect(new Set(recipes.records.map((row) => row['מזהה מתכון'])).size).toBe(RECIPES.length + 1)
    expect(rowsOf(recipes.records, 'מזהה מתכון', ids.recipe)).toEqual(
      asXlsx(recipeRows(ids.recipe, ids.product)),
    )
    const packages = sheet('מארזים')
    expect(packages.records).toHaveLength(PACKAGES.reduce((sum, pack) => sum + pack.items.length, 0) + 2)
    expect(rowsOf(packages.records, 'מזהה מארז', ids.pack)).toEqual(
      asXlsx(packageRows(ids.pack, ids.product, ids.recipe)),
    )
  })

  it('writes each kind as a CSV file with a BOM, formulas neutralised, that reads back exactly', async () => {
    const csv = async (kind: string) => {
      const response = await download(`format=csv&kind=${kind}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(response.body.startsWith('\uFEFF')).toBe(true)
      const rows = parse(response.body, { bom: true }) as string[][]
      return { response, ...recordsOf(rows.map((row) => row.map(restoreFormulas))) }
    }
    const products = await csv('products')
    expect(products.response.headers['content-disposition']).toBe(
      `attachment; filename="tavlin-products-${shopToday()}.csv"; ` +
        `filename*=UTF-8''${encodeURIComponent(`מוצרים-${shopToday()}.csv`)}`,
    )
    // As the orders file: nothing a spreadsheet would run, at a cell's start or after a separator.
    expect(products.response.body).toContain(`"'=HYPERLINK(""http://evil"") תערובת חריפה '- עם צ׳ילי"`)
    expect(products.records).toHaveLength(demoSizes + 2)
    expect(rowsOf(products.records, 'מזהה מוצר', ids.product)).toEqual(
      asCsv(withEmptyFeatures(productRows(ids.product), products.header)),
    )
    const recipes = await csv('recipes')
    expect(rowsOf(recipes.records, 'מזהה מתכון', ids.recipe)).toEqual(
      asCsv(recipeRows(ids.recipe, ids.product)),
    )
    const packages = await csv('packages')
    expect(rowsOf(packages.records, 'מזהה מארז', ids.pack)).toEqual(
      asCsv(packageRows(ids.pack, ids.product, ids.recipe)),
    )
  })

  it('asks which kind a CSV file is of, and serves administrators only', async () => {
    const noKind = await download('format=csv')
    expect(noKind.statusCode).toBe(400)
    expect(noKind.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'query.kind', message: 'validation.catalogueExport.csvNeedsKind' }],
    })
    expect((await download('format=pdf')).statusCode).toBe(400)
    expect((await download('format=xlsx&kind=orders')).statusCode).toBe(400)
    expect((await download('format=xlsx', {})).statusCode).toBe(401)
    const customer = await (await tokenFactory(ctx.config, ctx.database.db)).customer()
    expect((await download('format=xlsx', { authorization: `Bearer ${customer}` })).statusCode).toBe(403)
  })

  it('npm run catalogue:export writes the same files, read by the running shop that holds the database', async () => {
    const control = await startControlSocket(ctx.config.dataDir, ctx.database, null, {
      [CATALOGUE_TABLES_ROUTE]: () => everyCatalogueTable(ctx.database.db),
    })
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-export-'))
    try {
      const csv = await runCatalogueExport(ctx.config, { format: 'csv', out: 'sheets' }, cwd)
      expect(csv.through).toBe('shop')
      expect(csv.files.map((file) => path.relative(cwd, file))).toEqual(
        ['products', 'recipes', 'packages'].map((kind) =>
          path.join('sheets', `tavlin-${kind}-${shopToday()}.csv`),
        ),
      )
      const served = await download('format=csv&kind=recipes')
      expect(fs.readFileSync(csv.files[1]!, 'utf8')).toBe(served.body)

      const xlsx = await runCatalogueExport(
        ctx.config,
        { format: 'xlsx', kind: 'packages', out: 'p.xlsx' },
        cwd,
      )
      expect(xlsx.files).toEqual([path.join(cwd, 'p.xlsx')])
      const workbook = await readExcelFile(fs.readFileSync(xlsx.files[0]!), { trim: false })
      expect(workbook.map(({ sheet }) => sheet)).toEqual(['מארזים'])
      const { records } = recordsOf(workbook[0]!.data)
      expect(rowsOf(records, 'מזהה מארז', ids.pack)).toEqual(
        asXlsx(packageRows(ids.pack, ids.product, ids.recipe)),
      )
    } finally {
      await control.close()
      fs.rmSync(cwd, { recursive: true, force: true })
    }
  })

  it('npm run catalogue:export says so when DATA_DIR holds no embedded database and no shop runs', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-export-'))
    try {
      const elsewhere = loadConfig({ NODE_ENV: 'test', DATA_DIR: cwd })
      await expect(runCatalogueExport(elsewhere, { format: 'xlsx' }, cwd)).rejects.toThrow(
        `No embedded database in ${path.join(cwd, 'db')}: check DATA_DIR.`,
      )
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true })
    }
  })
})
