import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_SUB_CATEGORIES, type Package, type Product } from '@tavlin/contracts'
import { products } from '../../../db/schema/index.js'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { contentsOf, create, packageInput, productInput } from '../../../test/catalog-factory.js'

// Spec §3's subcategories of "packages" (enjera, baking, desserts, stews) are kinds of the
// ready-made packages, and no product category "packages" (ערכות) stands beside them
// (decision 248).

type Page = { items: Package[]; totalItems: number }
const kind = (name: (typeof PACKAGE_SUB_CATEGORIES)[number]['nameInEnglish']) =>
  PACKAGE_SUB_CATEGORIES.find((entry) => entry.nameInEnglish === name)!

describe('kinds of package', () => {
  let ctx: TestContext
  let spice: Product
  let injera: Package
  let cookies: Package

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    spice = await create<Product>(ctx.app, 'products', productInput({ name: 'קינמון' }))
    injera = await create<Package>(
      ctx.app,
      'packages',
      packageInput({ name: 'מארז אינג׳רה', items: contentsOf(spice), subCategories: [kind('enjera')] }),
    )
    cookies = await create<Package>(
      ctx.app,
      'packages',
      packageInput({
        name: 'מארז עוגיות',
        items: contentsOf(spice),
        subCategories: [kind('desserts'), kind('baking'), kind('desserts')],
      }),
    )
    await create<Package>(ctx.app, 'packages', packageInput({ name: 'מארז טיבס', items: contentsOf(spice) }))
  })
  afterAll(() => ctx.close())

  const get = (url: string) => ctx.app.inject({ method: 'GET', url })
  const names = async (url: string) => {
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(200)
    return ((response.json() as { data: Page }).data.items.map((item) => item.name) ?? []).sort()
  }

  it('keeps a package’s kinds, once each, with their Hebrew names', async () => {
    expect(injera.subCategories).toEqual([
      { nameInEnglish: 'enjera', nameInHebrew: 'אינג׳רה', nameOfParentCategory: 'packages' },
    ])
    expect(cookies.subCategories.map((entry) => entry.nameInEnglish)).toEqual(['desserts', 'baking'])
    const read = (await get(`/api/packages/${cookies._id}`)).json() as { data: Package }
    expect(read.data.subCategories.map((entry) => entry.nameInHebrew)).toEqual(['קינוחים', 'אפייה'])
  })

  it('lists the packages of one kind', async () => {
    expect(await names('/api/packages?subCategory=baking')).toEqual(['מארז עוגיות'])
    expect(await names('/api/packages?subCategory=enjera')).toEqual(['מארז אינג׳רה'])
    expect(await names('/api/packages?subCategory=stews')).toEqual([])
    expect(await names('/api/packages')).toHaveLength(3)
    const unknown = await get('/api/packages?subCategory=spices')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ details: [{ field: 'query.subCategory' }] })
  })

  it('refuses a kind that is not one, and the product category "packages" that is gone', async () => {
    const wrongKind = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: packageInput({
        items: contentsOf(spice),
        subCategories: [
          { nameInEnglish: 'coffee', nameInHebrew: 'קפה', nameOfParentCategory: 'packages' },
        ] as never,
      }),
    })
    expect(wrongKind.statusCode).toBe(400)
    expect(wrongKind.json()).toMatchObject({ details: [{ field: 'body.subCategories.0.nameInEnglish' }] })

    const kitProduct = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: productInput({ categories: [{ nameInEnglish: 'packages', nameInHebrew: 'ערכות' }] as never }),
    })
    expect(kitProduct.statusCode).toBe(400)
    expect(kitProduct.json()).toMatchObject({ details: [{ field: 'body.categories.0.nameInEnglish' }] })
  })

  it('moves products stored under the old category: their other categories, else "others" (migration 0019)', async () => {
    const stored = [
      { name: 'ערכת אינג׳רה', categories: ['packages'], subCategories: ['enjera'] },
      { name: 'ערכת תבלינים', categories: ['packages', 'spices'], subCategories: ['stews', 'base'] },
      { name: 'ברברה ישנה', categories: ['spices'], subCategories: ['base', 'spice-blends'] },
    ]
    for (const row of stored) {
      await ctx.database.db.insert(products).values({
        name: row.name,
        shortDescription: 'נשמר לפני השינוי',
        image: '/uploads/products/old.webp',
        categories: row.categories,
        subCategories: row.subCategories,
      })
    }
    const migration = fs.readFileSync(
      new URL('../../../db/migrations/0019_package_kinds.sql', import.meta.url),
      'utf8',
    )
    const update = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'))
    expect(update).toHaveLength(1)
    await ctx.database.db.execute(sql.raw(update[0]!))

    const after = await ctx.database.db
      .select({ name: products.name, categories: products.categories, subCategories: products.subCategories })
      .from(products)
      .where(sql`${products.name} in ('ערכת אינג׳רה', 'ערכת תבלינים', 'ברברה ישנה')`)
      .orderBy(products.name)
    expect(after).toEqual([
      { name: 'ברברה ישנה', categories: ['spices'], subCategories: ['base', 'spice-blends'] },
      { name: 'ערכת אינג׳רה', categories: ['others'], subCategories: [] },
      { name: 'ערכת תבלינים', categories: ['spices'], subCategories: ['base'] },
    ])
  })
})
