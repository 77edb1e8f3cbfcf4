import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Product, Recipe } from '@tavlin/contracts'
import { packages, products, recipes } from '../../db/schema/index.js'
import { seedIfEmpty } from '../../db/seed/seed.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'

type Page<T> = { items: T[]; totalItems: number }

/**
 * Search ranking over the demo catalogue (issue 16 §7, decision 152), on PGlite and on
 * PostgreSQL alike: names above descriptions, whole words and word starts above
 * substrings, simple Hebrew singular/plural forms.
 */
describe('catalogue search ranking on the demo catalogue', () => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await buildTestApp()
    await seedIfEmpty(ctx.database.db, ctx.config)
  }, 180_000)
  afterAll(() => ctx.close())

  async function search<T extends { name: string }>(resource: string, query: string, extra = '') {
    const response = await ctx.app.inject({
      url: `/api/${resource}?limit=50&filter=${encodeURIComponent(query)}${extra}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: Page<T> }).data
  }
  const productNames = async (query: string) =>
    (await search<Product>('products', query)).items.map((item) => item.name)

  it('"קפה" lists the coffees by name first, not הל טחון (coffee only in its description)', async () => {
    const names = await productNames('קפה')
    expect(names[0]).not.toBe('הל טחון')
    const coffees = names.filter((name) => name.includes('קפה'))
    expect(coffees.length).toBeGreaterThanOrEqual(3)
    expect(names.slice(0, coffees.length)).toEqual(coffees)
    expect(names).toContain('הל טחון')
  })

  it('"קינמון" lists קינמון צילון before בהרט', async () => {
    const names = await productNames('קינמון')
    expect(names[0]).toBe('קינמון צילון')
    expect(names.indexOf('קינמון צילון')).toBeLessThan(names.indexOf('בהרט'))
  })

  it('"פלפל" lists פלפל שחור גרוס first, פפריקה (peppers only inside a description word) after', async () => {
    const names = await productNames('פלפל')
    expect(names[0]).toBe('פלפל שחור גרוס')
    // בהרט's description has פלפל as a word; פפריקה's only inside מפלפלים.
    expect(names.indexOf('בהרט')).toBeLessThan(names.indexOf('פפריקה מתוקה'))
  })

  it('"עדשה" (singular) finds the lentils (עדשים), and the package whose description mentions them', async () => {
    const names = await productNames('עדשה')
    expect(names[0]).toBe('עדשים אדומות')
    const packages = (await search<Package>('packages', 'עדשה')).items.map((item) => item.name)
    expect(packages).toContain('מארז מיסיר ווט לארבעה')
    expect(await productNames('עדשות')).toContain('עדשים אדומות')
    // And the plural finds a singular: "פלפלים" finds פלפל שחור גרוס by name.
    expect((await productNames('פלפלים'))[0]).toBe('פלפל שחור גרוס')
  })

  it('ranks recipes and packages the same way', async () => {
    const recipeNames = (await search<Recipe>('recipes', 'עדשה')).items.map((item) => item.name)
    expect(recipeNames).toContain('מיסיר ווט')
    const packageNames = (await search<Package>('packages', 'ברברה')).items.map((item) => item.name)
    expect(packageNames.length).toBeGreaterThan(0)
    const kits = (await search<Package>('packages', 'שירו')).items.map((item) => item.name)
    expect(kits[0]).toBe('מארז שירו ווט מהיר')
  })

  it('pages through the ranked list without repeating or losing a result', async () => {
    const all = await productNames('קפה')
    const pages: string[] = []
    for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
      const response = await ctx.app.inject({
        url: `/api/products?limit=2&page=${page}&filter=${encodeURIComponent('קפה')}`,
      })
      pages.push(...(response.json() as { data: Page<Product> }).data.items.map((item) => item.name))
    }
    expect(pages).toEqual(all)
  })

  it("the migration's SQL backfill of search_name folds the demo names as the API does", async () => {
    // By id: an UPDATE may move rows, and a select without ORDER BY follows the heap.
    const stored = async () => ({
      products: await ctx.database.db
        .select({ id: products.id, v: products.searchName })
        .from(products)
        .orderBy(products.id),
      recipes: await ctx.database.db
        .select({ id: recipes.id, v: recipes.searchName })
        .from(recipes)
        .orderBy(recipes.id),
      packages: await ctx.database.db
        .select({ id: packages.id, v: packages.searchName })
        .from(packages)
        .orderBy(packages.id),
    })
    const written = await stored()
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0004_package_items_search_name.sql', import.meta.url),
      'utf8',
    )
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'))
    expect(backfill).toHaveLength(3)
    await ctx.database.db.execute(sql`update products set search_name = ''`)
    for (const statement of backfill) await ctx.database.db.execute(sql.raw(statement))
    expect(await stored()).toEqual(written)
  })
})
