import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueImportReport, Product } from '@tavlin/contracts'
import { catalogState } from '../../../db/schema/index.js'
import { seedIfEmpty } from '../../../db/seed/seed.js'
import { toCsv } from '../../../lib/csv.js'
import { buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { EXPORTED_PRODUCT } from '../../../test/catalogue-export-fixture.js'
import { tokenFactory } from '../../../test/tokens.js'
import type { RemoteImageOptions } from './remote-image.js'

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name))

/** The image servers of the fixtures: public names, answered here (no network); the guards still run. */
const PUBLIC_HOSTS = new Set(['cdn.example.com', 'cdn.shopify.com'])
const fetched: string[] = []
const importImages: RemoteImageOptions = {
  lookup: async (host) =>
    PUBLIC_HOSTS.has(host) ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '10.1.2.3', family: 4 }],
  transport: async (url) => {
    fetched.push(url.href)
    const body = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer()
    return { status: 200, contentType: 'image/png', body }
  },
}

describe('catalogue import (issue 37): our export back in, WooCommerce and Shopify files, bad input', () => {
  let ctx: TestContext
  let admin: Record<string, string>
  let productId: string

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { importImages })
    await seedIfEmpty(ctx.database.db, ctx.config)
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: EXPORTED_PRODUCT,
    })
    expect(created.statusCode, created.body).toBe(201)
    productId = (created.json() as { data: Product }).data._id
  }, 180_000)
  afterAll(() => ctx.close())

  const exported = async (format: 'csv' | 'xlsx') => {
    const query = format === 'csv' ? 'format=csv&kind=products' : 'format=xlsx'
    return (await ctx.app.inject({ url: `/api/admin/catalogue/export?${query}`, headers: admin })).rawPayload
  }
  const send = (body: Buffer | string, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/import?${query}`,
      headers: { ...admin, 'content-type': 'application/octet-stream' },
      payload: body,
    })
  const report = async (body: Buffer | string, query = '') => {
    const response = await send(body, query)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: CatalogueImportReport }).data
  }
  const version = async () =>
    (await ctx.database.db.select({ version: catalogState.version }).from(catalogState))[0]!.version
  // The admin's read: the fixture product is hidden from the shop (decision 293).
  const product = async () =>
    (
      (await ctx.app.inject({ url: `/api/admin/products/${productId}`, headers: admin })).json() as {
        data: Product
      }
    ).data

  /** Our CSV with `edit` applied to the fixture product's rows (cells by column title). */
  const editedCsv = async (edit: (row: Record<string, string>) => void) => {
    const [header, ...rows] = parse((await exported('csv')).toString('utf8'), { bom: true }) as string[][]
    const edited = rows.map((cells) => {
      const row = Object.fromEntries(header!.map((title, i) => [title, cells[i]!]))
      if (row['מזהה מוצר'] === productId) edit(row)
      return header!.map((title) => row[title]!)
    })
    return toCsv(header!, edited)
  }

  it('keeps a SKU to one size of the catalogue, and a barcode to 8, 12, 13 or 14 digits (decision 284)', async () => {
    const size = (sku: string, barcode?: string) => ({
      ...EXPORTED_PRODUCT,
      name: `בדיקת מק״ט ${sku}`,
      pricing: [
        { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 10, sku, ...(barcode && { barcode }) },
      ],
    })
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload })
    const taken = await post(size('BRB-100'))
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ details: [{ message: 'validation.skuTaken' }] })
    expect((await post(size('NEW-1', '12345'))).json()).toMatchObject({
      details: [{ field: 'body.pricing.0.barcode', message: 'validation.barcodeInvalid' }],
    })
    expect((await post(size('NEW-1', '7290000000046'))).statusCode).toBe(201)
  })

  it('reads its own CSV and XLSX back as unchanged: export → import → the same catalogue', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const before = await exported('csv')
      const dry = await report(await exported(format))
      expect(dry).toMatchObject({ source: 'tavlin', format, encoding: 'utf-8', applied: false })
      expect(dry.counts).toMatchObject({ create: 0, change: 0, invalid: 0 })
      expect(dry.counts.unchanged).toBeGreaterThan(10)
      const stamp = await version()
      expect((await report(await exported(format), 'dryRun=false')).applied).toBe(true)
      expect(await version()).toBe(stamp)
      expect((await exported('csv')).equals(before)).toBe(true)
    }
  })

  it('reports a changed price field by field, applies it once, and the same file again changes nothing', async () => {
    const csv = await editedCsv((row) => {
      if (row['מק"ט'] === 'BRB-100') row['מחיר (₪)'] = '26.9'
    })
    const dry = await report(csv)
    expect(dry.counts).toMatchObject({ change: 1, create: 0, invalid: 0 })
    const item = dry.items.find((each) => each.status === 'change')!
    expect(item.changes).toEqual([{ field: '100 גרם · מחיר (₪)', before: '24.9', after: '26.9' }])
    expect((await product()).pricing[0]!.price).toBe(24.9)

    const stamp = await version()
    expect((await report(csv, 'dryRun=false')).counts.change).toBe(1)
    expect((await product()).pricing[0]!.price).toBe(26.9)
    expect(await version()).toBeGreaterThan(stamp)
    const again = await report(csv, 'dryRun=false')
    expect(again.counts).toMatchObject({ change: 0, create: 0 })
    const activity = await ctx.app.inject({ url: '/api/admin/activity?entityType=catalogue', headers: admin })
    expect((activity.json() as { data: { items: Array<{ action: string }> } }).data.items).toHaveLength(1)
  })

  it('reads the "מוסתר" column: an emptied cell shows the product, a word other than כן is a problem', async () => {
    const shown = await report(await editedCsv((row) => (row['מוסתר'] = '')))
    expect(shown.items.find((each) => each.status === 'change')!.changes).toEqual([
      { field: 'מוסתר', before: 'כן', after: 'לא' },
    ])
    const unclear = await report(await editedCsv((row) => (row['מוסתר'] = 'אולי')))
    expect(unclear.items.find((each) => each.status === 'invalid')!.problems).toContainEqual(
      expect.objectContaining({ column: 'מוסתר', message: 'צריך להיות כן או לא, לא "אולי"' }),
    )
    expect((await product()).isHidden).toBe(true)
  })

  it('refuses the whole file, in Hebrew, when a row has a problem: nothing is applied', async () => {
    const csv = await editedCsv((row) => {
      if (row['מק"ט'] === 'BRB-100') row['מחיר (₪)'] = '-5'
      else row['מק"ט'] = 'BRB-100'
      row['קטגוריות'] = 'spices|Old shop spices'
    })
    const dry = await report(csv)
    const problems = dry.items.flatMap((item) => item.problems)
    const priceRow = problems.find((p) => p.code === 'validation.pricePositive')!
    expect(`שורה ${priceRow.row}, עמודה ${priceRow.column}: ${priceRow.message}`).toMatch(
      /^שורה \d+, עמודה מחיר \(₪\): המחיר חייב להיות חיובי$/,
    )
    expect(problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(['import.skuTwice', 'import.unknownCategory']),
    )
    expect(dry.unknownCategories.map((category) => category.name)).toEqual(['Old shop spices'])

    const before = await exported('csv')
    const applied = await send(csv, 'dryRun=false')
    expect(applied.statusCode).toBe(422)
    expect(applied.json()).toMatchObject({ code: 'CATALOGUE_IMPORT_INVALID' })
    expect((await exported('csv')).equals(before)).toBe(true)
  })

  it.each([
    [
      'not a spreadsheet',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      'notSpreadsheet',
    ],
    ['over 10 MB', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'tooLarge'],
    ['a live formula', 'שם,גודל,מחיר (₪)\r\nזעתר,100 גרם,=1+1\r\n', 'formula'],
    ['columns of no known shop', 'a,b\r\n1,2\r\n', 'unknownFormat'],
  ])('refuses %s with a Hebrew reason', async (_, body, reason) => {
    const response = await send(body)
    expect(response.statusCode).toBe(422)
    const error = response.json() as { code: string; message: string; details: { reason: string } }
    expect(error).toMatchObject({ code: 'CATALOGUE_IMPORT_FILE', details: { reason } })
    expect(error.message).toMatch(/[א-ת]/)
  })

  it('fails the row of an image on a private network or not https, and applies nothing', async () => {
    const woo = fixture('woocommerce-products.csv')
      .toString('utf8')
      .replace('https://cdn.example.com/zaatar.jpg, ', 'https://intranet.shop.local/zaatar.jpg, ')
      .replace('https://cdn.example.com/teff.jpg', 'http://cdn.example.com/teff.jpg')
      .replace(/WC-/g, 'BAD-')
      .replace('זעתר ירושלמי, כתוש', 'זעתר פרטי')
      .replace('"קמח טף חום, טחינה גסה"', 'קמח טף פרטי')
    const dry = await report(woo)
    expect(dry.counts.invalid).toBe(2)
    expect(dry.items.flatMap((item) => item.problems.map((p) => p.message))).toEqual([
      'התמונה לא נטענה: הכתובת מפנה לרשת פרטית או מקומית',
      'התמונה לא נטענה: רק כתובות https',
    ])
    expect((await send(woo, 'dryRun=false')).statusCode).toBe(422)
    expect(fetched.some((url) => url.includes('intranet') || url.startsWith('http:'))).toBe(false)
  })

  it('reads Windows-1255 (Excel\'s Hebrew "CSV") and says so', async () => {
    const csv = await editedCsv(() => {})
    // The export's Hebrew only: every character of it has a Windows-1255 byte.
    const text = csv.replace(/^\uFEFF/, '').replace(/[^\t\n\r\u0020-\u007E\u05D0-\u05EA₪]/g, '')
    const bytes = Buffer.from(
      [...text].map((ch) =>
        ch === '₪' ? 0xa4 : ch >= 'א' && ch <= 'ת' ? ch.charCodeAt(0) - 0x05d0 + 0xe0 : ch.charCodeAt(0),
      ),
    )
    const dry = await report(bytes)
    expect(dry.encoding).toBe('windows-1255')
    expect(dry.source).toBe('tavlin')
  })

  it("imports a WooCommerce export: a variable product's weights become its sizes, HTML becomes text", async () => {
    const dry = await report(fixture('woocommerce-products.csv'))
    expect(dry.items.flatMap((item) => item.problems)).toEqual([])
    expect(dry).toMatchObject({ source: 'woocommerce', counts: { create: 2, invalid: 0 } })
    const applied = await report(fixture('woocommerce-products.csv'), 'dryRun=false')
    expect(applied.applied).toBe(true)
    const found = await ctx.app.inject({ url: `/api/products?filter=${encodeURIComponent('זעתר ירושלמי')}` })
    const zaatar = (found.json() as { data: { items: Product[] } }).data.items[0]!
    expect(zaatar.name).toBe('זעתר ירושלמי, כתוש')
    // Fetched once, stored by the upload pipeline as WebP.
    expect(fetched).toContain('https://cdn.example.com/zaatar.jpg')
    expect(zaatar.image).toMatch(/^\/uploads\/products\/.+\.webp$/)
    expect(zaatar.shortDescription).toBe('זעתר ירושלמי עם שומשום, טרי')
    expect(zaatar.subCategories.map((c) => c.nameInEnglish)).toEqual(['spice-blends'])
    expect(zaatar.pricing).toEqual([
      {
        size: { sizeName: '100 גרם', sizeQuantity: 100 },
        price: 18.9,
        stock: 40,
        sku: 'WC-ZAATAR-100',
        barcode: '7290000000022',
      },
      {
        size: { sizeName: '250 גרם', sizeQuantity: 250 },
        price: 42.5,
        stock: null,
        sku: 'WC-ZAATAR-250',
        barcode: null,
      },
      {
        size: { sizeName: '1 ק״ג', sizeQuantity: 1000 },
        price: 139,
        stock: 5,
        sku: 'WC-ZAATAR-1KG',
        barcode: null,
      },
    ])
    expect((await report(fixture('woocommerce-products.csv'))).counts).toMatchObject({ create: 0, change: 0 })
  })

  it('imports a Shopify export: variants by Option1 Value, grams, and an unknown type mapped by the owner', async () => {
    const dry = await report(fixture('shopify-products.csv'))
    expect(dry.items.flatMap((item) => item.problems)).toEqual([])
    expect(dry).toMatchObject({ source: 'shopify', counts: { create: 2 } })
    const applied = await report(fixture('shopify-products.csv'), 'dryRun=false')
    expect(applied.counts.create).toBe(2)
    const found = await ctx.app.inject({ url: `/api/products?filter=${encodeURIComponent('ברברה, תערובת')}` })
    const berbere = (found.json() as { data: { items: Product[] } }).data.items[0]!
    expect(berbere.features.value[0]!.description).toBe(
      'תערובת ברברה חריפה: צ׳ילי, שום, ג׳ינג׳ר.\nמתאימה לתבשילים, & לבשר.',
    )
    expect(
      berbere.pricing.map((o) => [o.size.sizeName, o.size.sizeQuantity, o.price, o.stock, o.sku]),
    ).toEqual([
      ['100g', 100, 22, 25, 'SH-BRB-100'],
      ['250g', 250, 49.9, 10, 'SH-BRB-250'],
      ['1kg', 1000, 169, null, 'SH-BRB-1000'],
    ])
    const mapped = fixture('shopify-products.csv').toString('utf8').replace(',shiro,', ',Old teff,')
    expect((await report(mapped)).unknownCategories).toEqual([{ name: 'Old teff', rows: [5] }])
    expect((await report(mapped, `map=${encodeURIComponent('Old teff=shiro')}`)).counts).toMatchObject({
      invalid: 0,
    })
  })
})
