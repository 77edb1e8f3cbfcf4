import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_SIZE, type Favourite } from '@tavlin/contracts'
import { favourites, packages, productSizes, products } from '../../db/schema/index.js'
import { asShopper, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { seedCatalogue } from '../../test/factories.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

type Shopper = ReturnType<typeof asShopper>

describe("the shopper's favourites (issue 36)", () => {
  let ctx: TestContext
  let tokens: TokenFactory
  let noa: Shopper
  let dan: Shopper
  let ids: { productId: string; packageId: string }

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    noa = asShopper(ctx, await shopperToken(tokens, 'fav-noa'))
    dan = asShopper(ctx, await shopperToken(tokens, 'fav-dan'))
    ids = await seedCatalogue(ctx.database.db)
  })
  afterAll(() => ctx.close())

  const items = async (as: Shopper) =>
    (await as('GET', '/api/account/favourites')).json().data.items as Favourite[]
  const rowsOf = (subject: string) =>
    ctx.database.db.select().from(favourites).where(eq(favourites.subject, subject))

  it("keeps a product and a package with every size's price today and the units left, newest first", async () => {
    const product = await noa('PUT', `/api/account/favourites/Product/${ids.productId}`)
    expect(product.statusCode).toBe(200)
    expect(product.headers['cache-control']).toBe('no-store')
    await noa('PUT', `/api/account/favourites/Package/${ids.packageId}`)
    // Twice is once: the second press changes nothing.
    await noa('PUT', `/api/account/favourites/Product/${ids.productId}`)
    const { db } = ctx.database
    await db
      .update(productSizes)
      .set({ priceAgorot: 2690, stock: 3 })
      .where(and(eq(productSizes.productId, ids.productId), eq(productSizes.sizeName, '100 גרם')))
    await db.update(packages).set({ stock: 0 }).where(eq(packages.id, ids.packageId))

    const list = await items(noa)
    expect(list.map((item) => item.itemType)).toEqual(['Package', 'Product'])
    expect(list[0]).toMatchObject({
      itemId: ids.packageId,
      image: '/uploads/injera.webp',
      sizes: [{ size: PACKAGE_SIZE, price: 120, stock: 0 }],
    })
    expect(list[1]).toMatchObject({
      itemId: ids.productId,
      name: expect.stringMatching(/^ברברה/),
      sizes: [
        { size: '100 גרם', price: 26.9, stock: 3 },
        { size: '250 גרם', price: 52.5, stock: null },
      ],
    })
    expect(await rowsOf('fav-noa')).toHaveLength(2)
    expect(await items(dan)).toEqual([])
  })

  it('answers 404 for an item the catalogue does not have, and stores nothing', async () => {
    for (const url of [
      `/api/account/favourites/Product/${randomUUID()}`,
      // A package's id as a product is not that package.
      `/api/account/favourites/Product/${ids.packageId}`,
      `/api/account/favourites/Package/${randomUUID()}`,
    ]) {
      const response = await dan('PUT', url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json().code).toBe('NOT_FOUND')
    }
    const bad = await dan('PUT', '/api/account/favourites/Recipe/not-an-id')
    expect(bad.statusCode).toBe(400)
    expect(await rowsOf('fav-dan')).toEqual([])
  })

  it('drops an item deleted from the catalogue from the list', async () => {
    const gone = await seedCatalogue(ctx.database.db)
    const shopper = asShopper(ctx, await shopperToken(tokens, 'fav-gone'))
    await shopper('PUT', `/api/account/favourites/Product/${gone.productId}`)
    await shopper('PUT', `/api/account/favourites/Product/${ids.productId}`)
    await ctx.database.db.delete(products).where(eq(products.id, gone.productId))
    expect((await items(shopper)).map((item) => item.itemId)).toEqual([ids.productId])
  })

  it('unmarks a favourite; unmarking one not there is no error', async () => {
    const removed = await noa('DELETE', `/api/account/favourites/Package/${ids.packageId}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json().data.items.map((item: Favourite) => item.itemId)).toEqual([ids.productId])
    const again = await noa('DELETE', `/api/account/favourites/Package/${ids.packageId}`)
    expect(again.statusCode).toBe(200)
    expect(await rowsOf('fav-noa')).toHaveLength(1)
  })

  it("merges the browser's list at sign-in: the catalogue's items added once, the unknown left behind", async () => {
    const merger = asShopper(ctx, await shopperToken(tokens, 'fav-merge'))
    await merger('PUT', `/api/account/favourites/Product/${ids.productId}`)
    const response = await merger('POST', '/api/account/favourites/merge', {
      items: [
        { itemType: 'Product', itemId: ids.productId },
        { itemType: 'Package', itemId: ids.packageId },
        { itemType: 'Package', itemId: ids.packageId },
        { itemType: 'Product', itemId: randomUUID() },
      ],
    })
    expect(response.statusCode).toBe(200)
    const merged = response.json().data.items as Favourite[]
    expect(merged.map((item) => item.itemId).sort()).toEqual([ids.packageId, ids.productId].sort())
    expect(await rowsOf('fav-merge')).toHaveLength(2)
    const tooMany = Array.from({ length: 201 }, () => ({ itemType: 'Product', itemId: randomUUID() }))
    expect((await merger('POST', '/api/account/favourites/merge', { items: tooMany })).statusCode).toBe(400)
  })

  it('goes with the account when the shopper deletes it', async () => {
    const leaver = asShopper(ctx, await shopperToken(tokens, 'fav-leaver'))
    await leaver('PUT', `/api/account/favourites/Product/${ids.productId}`)
    expect((await leaver('DELETE', '/api/account')).statusCode).toBe(200)
    expect(await rowsOf('fav-leaver')).toEqual([])
  })
})
