import { parse } from 'csv-parse/sync'
import { expect } from 'vitest'
import type { CatalogueImportReport } from '@tavlin/contracts'
import { toCsv } from '../lib/csv.js'
import type { TestContext } from './build-test-app.js'

// The catalogue's export and import through HTTP, as the admin's screen uses them (issue 37).

export type Kind = 'products' | 'recipes' | 'packages'
export type Row = Record<string, string>

/** The export and import routes of each shop, with its admin's headers. */
export function catalogueRoutes(admin: ReadonlyMap<TestContext, Record<string, string>>) {
  const send = (ctx: TestContext, body: Buffer | string, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/import?${query}`,
      headers: { ...admin.get(ctx)!, 'content-type': 'application/octet-stream' },
      payload: body,
    })
  return {
    async exported(ctx: TestContext, kind?: Kind) {
      const query = kind ? `format=csv&kind=${kind}` : 'format=xlsx'
      const response = await ctx.app.inject({
        url: `/api/admin/catalogue/export?${query}`,
        headers: admin.get(ctx)!,
      })
      expect(response.statusCode).toBe(200)
      return response.rawPayload
    },
    send,
    async report(ctx: TestContext, body: Buffer | string, query = '') {
      const response = await send(ctx, body, query)
      expect(response.statusCode, response.body).toBe(200)
      return (response.json() as { data: CatalogueImportReport }).data
    },
  }
}

/** A CSV of ours with its rows edited by `edit` (cells by column title; rows it returns replace the row). */
export function editCsv(csv: Buffer, edit: (row: Row, rows: Row[]) => Row[] | void): string {
  const [header, ...cells] = parse(csv.toString('utf8'), { bom: true }) as string[][]
  const rows = cells.map((row) => Object.fromEntries(header!.map((title, i) => [title, row[i]!])))
  const out = rows.flatMap((row) => edit(row, rows) ?? [row])
  return toCsv(
    header!,
    out.map((row) => header!.map((title) => row[title]!)),
  )
}

/** A CSV as the table of a workbook's sheet. */
export function tableOf(kind: Kind, sheet: string, csv: string) {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][]
  return { kind, sheet, header: header!, rows }
}

/** Every problem of a report as one line: kind, row, column and the Hebrew text. */
export const problemsOf = (dry: CatalogueImportReport) =>
  dry.items.flatMap((item) =>
    item.problems.map((p) => `${item.kind} · שורה ${p.row}, עמודה ${p.column}: ${p.message}`),
  )
