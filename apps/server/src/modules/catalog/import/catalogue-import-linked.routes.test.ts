import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Package, Recipe } from '@tavlin/contracts'
import { catalogState } from '../../../db/schema/index.js'
import { PACKAGES, RECIPES } from '../../../db/seed/catalogue-data.js'
import { seedIfEmpty } from '../../../db/seed/seed.js'
import { buildTestApp, type TestContext } from '../../../test/build-test-app.js'
import { tablesXlsx } from '../export/catalogue-export.js'
import { tokenFactory } from '../../../test/tokens.js'
import {
  catalogueRoutes,
  editCsv,
  problemsOf,
  tableOf,
  type Kind,
  type Row,
} from '../../../test/catalogue-files.js'
import { VALIDATION_TEXTS } from './import-messages.js'

/** The seeded demo shop, and an empty one the demo catalogue moves into. */
describe('catalogue import of recipes and packages (issue 37, decision 292)', () => {
  let shop: TestContext
  let empty: TestContext
  const admin = new Map<TestContext, Record<string, string>>()

  beforeAll(async () => {
    shop = await buildTestApp()
    empty = await buildTestApp()
    await seedIfEmpty(shop.database.db, shop.config)
    for (const ctx of [shop, empty]) {
      const tokens = await tokenFactory(ctx.config, ctx.database.db)
      admin.set(ctx, { authorization: `Bearer ${await tokens.admin()}` })
    }
  }, 180_000)
  afterAll(async () => {
    await shop.close()
    await empty.close()
  })

  const { exported, send, report } = catalogueRoutes(admin)
  const version = async () =>
    (await shop.database.db.select({ version: catalogState.version }).from(catalogState))[0]!.version
  const nothing = { create: 0, change: 0, invalid: 0 }
  /** A kind's CSV of the shop, its rows edited by `edit`. */
  const edited = async (kind: Kind, edit: (row: Row, rows: Row[]) => Row[] | void) =>
    editCsv(await exported(shop, kind), edit)

  it("words the forms' rules as the admin forms do: the server's copies are the web's texts", () => {
    const web = JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../../../../../web/public/locales/he/translation.json'),
        'utf8',
      ),
    ) as { validation: Record<string, unknown> }
    const webText = (key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], web.validation)
    for (const [key, text] of Object.entries(VALIDATION_TEXTS))
      expect([key, webText(key)]).toEqual([key, text])
  })

  it('reads the demo workbook and each CSV back as unchanged, and applying it writes nothing', async () => {
    const before = await Promise.all(
      (['products', 'recipes', 'packages'] as const).map((k) => exported(shop, k)),
    )
    const stamp = await version()
    const workbook = await report(shop, await exported(shop))
    expect(workbook.recipes).toEqual({ ...nothing, unchanged: RECIPES.length })
    expect(workbook.packages).toEqual({ ...nothing, unchanged: PACKAGES.length })
    expect(workbook.counts).toMatchObject(nothing)
    for (const [kind, bytes] of [
      ['recipes', before[1]!],
      ['packages', before[2]!],
    ] as const) {
      const dry = await report(shop, bytes)
      expect(dry.counts).toEqual({ ...nothing, unchanged: 0 })
      expect(dry[kind]).toEqual({
        ...nothing,
        unchanged: kind === 'recipes' ? RECIPES.length : PACKAGES.length,
      })
      expect((await report(shop, bytes, 'dryRun=false')).applied).toBe(true)
    }
    expect((await report(shop, await exported(shop), 'dryRun=false')).applied).toBe(true)
    expect(await version()).toBe(stamp)
    const after = await Promise.all(
      (['products', 'recipes', 'packages'] as const).map((k) => exported(shop, k)),
    )
    after.forEach((file, i) => expect(file.equals(before[i]!)).toBe(true))
  })

  it("changes exactly a recipe's step and a package's price, once: the same files again change nothing", async () => {
    const [recipe, pack] = [RECIPES[0]!, PACKAGES[0]!]
    let first = true
    const recipes = await edited('recipes', (row) => {
      if (row['שם'] !== recipe.name || !first) return
      first = false
      row['שלב ההכנה'] = 'מחממים שמן בסיר גדול ומוסיפים את הבצל.'
    })
    const packages = await edited('packages', (row) => {
      if (row['שם'] === pack.name) row['מחיר (₪)'] = String(Number(row['מחיר (₪)']) + 5)
    })
    const dryRecipes = await report(shop, recipes)
    expect(dryRecipes.recipes).toMatchObject({ change: 1, create: 0, invalid: 0 })
    const changedRecipe = dryRecipes.items.find((item) => item.status === 'change')!
    expect(changedRecipe).toMatchObject({ kind: 'recipe', name: recipe.name })
    expect(changedRecipe.changes).toEqual([
      { field: 'שלב ההכנה 1', before: expect.any(String), after: 'מחממים שמן בסיר גדול ומוסיפים את הבצל.' },
    ])
    const dryPackages = await report(shop, packages)
    const changedPackage = dryPackages.items.find((item) => item.status === 'change')!
    expect(dryPackages.packages).toMatchObject({ change: 1, invalid: 0 })
    const price = pack.priceAgorot / 100
    expect(changedPackage.changes).toEqual([
      { field: 'מחיר (₪)', before: String(price), after: String(price + 5) },
    ])

    const stamp = await version()
    expect((await report(shop, recipes, 'dryRun=false')).recipes.change).toBe(1)
    expect((await report(shop, packages, 'dryRun=false')).packages.change).toBe(1)
    expect(await version()).toBeGreaterThan(stamp)
    const read = async <T>(url: string) => ((await shop.app.inject({ url })).json() as { data: T }).data
    const stored = await read<Recipe>(`/api/recipes/${changedRecipe.productId}`)
    expect(stored.instructions[0]!.description).toBe('מחממים שמן בסיר גדול ומוסיפים את הבצל.')
    expect((await read<Package>(`/api/packages/${changedPackage.productId}`)).price).toBe(price + 5)
    // The export now is the edited files, cell for cell: nothing else moved.
    expect((await exported(shop, 'recipes')).toString('utf8')).toBe(recipes)
    expect((await exported(shop, 'packages')).toString('utf8')).toBe(packages)

    const again = await version()
    expect((await report(shop, recipes, 'dryRun=false')).recipes).toMatchObject({
      change: 0,
      unchanged: RECIPES.length,
    })
    expect((await report(shop, packages, 'dryRun=false')).packages).toMatchObject({ change: 0 })
    expect(await version()).toBe(again)
  })

  it('moves the whole catalogue into an empty shop: the export there is the same files', async () => {
    const workbook = await exported(shop)
    const dry = await report(empty, workbook)
    expect(dry.recipes).toEqual({ ...nothing, create: RECIPES.length, unchanged: 0 })
    expect(dry.packages).toEqual({ ...nothing, create: PACKAGES.length, unchanged: 0 })
    expect(dry.counts.invalid).toBe(0)
    expect((await report(empty, workbook, 'dryRun=false')).applied).toBe(true)
    for (const kind of ['products', 'recipes', 'packages'] as const)
      expect((await exported(empty, kind)).toString('utf8')).toBe(
        (await exported(shop, kind)).toString('utf8'),
      )
    const twice = await report(empty, workbook, 'dryRun=false')
    expect([twice.counts, twice.recipes, twice.packages].map((c) => c.create + c.change)).toEqual([0, 0, 0])
  })

  it('reports unknown products, sizes, recipes and kinds and a name twice by row and column, and applies nothing', async () => {
    const [recipe, pack] = [RECIPES[1]!, PACKAGES[1]!]
    const copy = crypto.randomUUID()
    const recipes = await edited('recipes', (row) => {
      if (row['שם'] !== recipe.name) return
      if (row['שורה'] === '1') {
        row['מזהה המוצר של המרכיב'] = crypto.randomUUID()
        row['קטגוריות'] = 'stew|Old stews'
      }
      return [row, { ...row, 'מזהה מתכון': copy }]
    })
    const packages = await edited('packages', (row) => {
      if (row['שם'] !== pack.name) return
      row['מזהה המתכון'] = crypto.randomUUID()
      row['סוגי מארז'] = 'ramadan'
    })
    const dryRecipes = problemsOf(await report(shop, recipes))
    expect(dryRecipes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^recipe · שורה \d+, עמודה מזהה המוצר של המרכיב: המוצר המקושר לא נמצא$/),
        expect.stringMatching(/^recipe · שורה \d+, עמודה קטגוריות: קטגוריית מתכון לא מוכרת: "Old stews"$/),
        expect.stringMatching(/^recipe · שורה \d+, עמודה שם: המתכון ".+" מופיע בקובץ פעמיים/),
      ]),
    )
    const dryPackages = problemsOf(await report(shop, packages))
    expect(dryPackages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^package · שורה \d+, עמודה סוגי מארז: סוג מארז לא מוכר: "ramadan"$/),
      ]),
    )
    const twice = problemsOf(
      await report(
        shop,
        await edited('packages', (row) =>
          row['שם'] === pack.name ? [row, { ...row, 'מזהה מארז': copy }] : undefined,
        ),
      ),
    )
    expect(twice).toHaveLength(2)
    expect(new Set(twice.map((text) => text.replace(/שורה \d+/, 'שורה N')))).toEqual(
      new Set([
        `package · שורה N, עמודה שם: המארז "${pack.name}" מופיע בקובץ פעמיים, עם מזהים או שורות שונים`,
      ]),
    )
    // The kind's own checks run once the schema passes: the unknown kind fixed, the links are judged.
    const linked = problemsOf(await report(shop, packages.replaceAll('ramadan', 'stews')))
    expect(linked).toEqual([
      expect.stringMatching(/^package · שורה \d+, עמודה מזהה המתכון: המתכון המקושר לא נמצא$/),
    ])
    const sized = problemsOf(
      await report(
        shop,
        await edited('packages', (row) => {
          if (row['שם'] === pack.name) row['גודל המוצר'] = 'שק של 50 ק״ג'
        }),
      ),
    )
    expect(sized).toEqual([
      expect.stringMatching(/^package · שורה \d+, עמודה גודל המוצר: למוצר הזה אין גודל כזה$/),
    ])

    const headerOnly = await send(shop, await edited('recipes', () => []))
    expect(headerOnly.statusCode).toBe(422)
    expect(headerOnly.json()).toMatchObject({
      code: 'CATALOGUE_IMPORT_FILE',
      message: 'אין בקובץ שורות של מוצרים, מתכונים או מארזים.',
    })

    const before = [await exported(shop, 'recipes'), await exported(shop, 'packages')]
    for (const file of [recipes, packages]) {
      const applied = await send(shop, file, 'dryRun=false')
      expect(applied.statusCode).toBe(422)
      expect(applied.json()).toMatchObject({ code: 'CATALOGUE_IMPORT_INVALID' })
    }
    expect((await exported(shop, 'recipes')).equals(before[0]!)).toBe(true)
    expect((await exported(shop, 'packages')).equals(before[1]!)).toBe(true)
  })

  it("takes a new recipe's or package's image address only as a product's: https, public; a known one keeps its own", async () => {
    const [recipe, pack] = [RECIPES[2]!, PACKAGES[2]!]
    const image = (row: Row, address: string, name?: string) => ({
      ...row,
      ...(name && { 'מזהה מתכון': '', 'מזהה מארז': '', שם: name }),
      תמונה: address,
    })
    const recipes = await edited('recipes', (row) =>
      row['שם'] === recipe.name
        ? [
            image(row, 'https://cdn.example.com/r.jpg'),
            image(row, 'https://10.1.2.3/r.jpg', `${recipe.name} 2`),
          ]
        : undefined,
    )
    const packages = await edited('packages', (row) =>
      row['שם'] === pack.name
        ? [row, image(row, 'http://cdn.example.com/p.jpg', `${pack.name} 2`)]
        : undefined,
    )
    const dry = await report(shop, recipes)
    expect(problemsOf(dry)).toEqual([
      expect.stringMatching(
        /^recipe · שורה \d+, עמודה תמונה: התמונה לא נטענה: הכתובת מפנה לרשת פרטית או מקומית$/,
      ),
    ])
    expect(dry.items.find((item) => item.name === recipe.name)?.status).toBe('unchanged')
    expect(problemsOf(await report(shop, packages))).toEqual([
      expect.stringMatching(/^package · שורה \d+, עמודה תמונה: התמונה לא נטענה: רק כתובות https$/),
    ])
    for (const file of [recipes, packages])
      expect((await send(shop, file, 'dryRun=false')).statusCode).toBe(422)
  })

  it("checks a package's contents against the sizes the same workbook gives its products", async () => {
    const line = PACKAGES[0]!.items[0]!
    const products = await edited('products', (row) => {
      if (row['שם'] === line.product && row['גודל'] === line.size) row['גודל'] = `${line.size} (חדש)`
    })
    const workbook = await tablesXlsx([
      tableOf('products', 'מוצרים', products),
      tableOf('recipes', 'מתכונים', (await exported(shop, 'recipes')).toString('utf8')),
      tableOf('packages', 'מארזים', (await exported(shop, 'packages')).toString('utf8')),
    ])
    const dry = await report(shop, workbook)
    expect(dry.counts).toMatchObject({ change: 1, invalid: 0 })
    expect(dry.recipes.invalid).toBe(0)
    expect(dry.packages.invalid).toBeGreaterThan(0)
    expect(new Set(problemsOf(dry).map((text) => text.replace(/שורה \d+/, 'שורה N')))).toEqual(
      new Set(['package · שורה N, עמודה גודל המוצר: למוצר הזה אין גודל כזה']),
    )
    expect((await send(shop, workbook, 'dryRun=false')).statusCode).toBe(422)
  })
})
