/**
 * The catalogue import (issue 37): a file of 2,000 products with 3 sizes each (6,000 rows, our
 * export's columns), read, judged and applied into an empty embedded database; then the same
 * file again (everything unchanged). Seconds of each step and the process's peak memory.
 *
 *   node --import tsx --conditions=@tavlin/source bench/catalogue-import.bench.ts
 *
 * BENCH_PRODUCTS changes the count. The file is CSV (our export's columns).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../src/config/env.js'
import { openMigratedDatabase } from '../src/db/bootstrap.js'
import { toCsv } from '../src/lib/csv.js'
import { createCatalog } from '../src/modules/catalog/index.js'
import { catalogueTables } from '../src/modules/catalog/export/catalogue-export.js'

const count = Number(process.env.BENCH_PRODUCTS ?? 2000)
const SIZES = [
  ['100 גרם', 100, 14.9],
  ['250 גרם', 250, 32.9],
  ['1 ק״ג', 1000, 109],
] as const

/** The export's own header, so the file is what an owner's edited export looks like. */
function csvOf(header: string[]): string {
  const at = (title: string) => header.indexOf(title)
  const rows: Array<Array<string | number | null>> = []
  for (let n = 1; n <= count; n++)
    for (const [size, grams, price] of SIZES) {
      const row: Array<string | number | null> = header.map(() => null)
      row[at('שם')] = `תבלין בדיקה ${n}`
      row[at('תיאור קצר')] = `תערובת תבלינים מספר ${n}, טחונה טרי`
      row[at('תמונה')] = '/uploads/products/sample.webp'
      row[at('קטגוריות')] = 'spices'
      row[at('תתי-קטגוריות')] = 'spice-blends'
      row[at('פסיד')] = 'לא'
      row[at('גודל')] = size
      row[at('כמות בגודל')] = grams
      row[at('מחיר (₪)')] = price
      row[at('מלאי (ריק = ללא מעקב)')] = 50
      row[at('מק"ט')] = `B-${n}-${grams}`
      row[at('מאפיין 1 – כותרת')] = 'מקור'
      row[at('מאפיין 1 – תיאור')] = 'ישראל'
      rows.push(row)
    }
  return toCsv(header, rows)
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1)

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-import-bench-'))
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' })
  const database = await openMigratedDatabase(config)
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  try {
    const audit = { record: async () => {}, list: async () => ({}) } as never
    const catalog = createCatalog({ db: database.db, audit, images: { release: async () => {} } })
    const [empty] = await catalogueTables(catalog.contents, ['products'])
    const bytes = Buffer.from(csvOf(empty!.header))
    process.stdout.write(
      `${count} products × ${SIZES.length} sizes, CSV, ${(bytes.length / 1e6).toFixed(1)} MB\n`,
    )

    let started = performance.now()
    const dry = await catalog.importer.dryRun(bytes)
    process.stdout.write(
      `dry run: ${seconds(started)} s (${dry.counts.create} to create, ${dry.counts.invalid} invalid)\n`,
    )
    started = performance.now()
    const applied = await catalog.importer.apply(bytes)
    process.stdout.write(`apply:   ${seconds(started)} s (${applied.counts.create} created)\n`)
    started = performance.now()
    const again = await catalog.importer.apply(bytes)
    process.stdout.write(`again:   ${seconds(started)} s (${again.counts.unchanged} unchanged)\n`)
    process.stdout.write(`peak memory (RSS): ${Math.round(peak / 1024 / 1024)} MB\n`)
  } finally {
    clearInterval(sampler)
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
