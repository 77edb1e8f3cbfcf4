import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_SIZE, type Package, type Paged, type Product, type Recipe } from '@tavlin/contracts'
import type { TestContext } from '../../../test/build-test-app.js'
import { contentsOf, create, packageInput, productInput, recipeInput } from '../../../test/catalog-factory.js'
import { testCustomer } from '../../../test/factories.js'
import { openSeoShop, type SeoShop } from '../../../test/seo-shop.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

// Decision 293: a hidden product is kept and edited in the admin, and sold nowhere in the shop.
describe('products hidden from the shop', () => {
  let shop: SeoShop
  let ctx: TestContext
  let hidden: Product
  let shown: Product
  let recipe: Recipe
  let box: Package

  const get = (url: string) => ctx.app.inject({ method: 'GET', url: encodeURI(url) })
  const items = async (url: string) => ((await get(url)).json() as { data: Paged<Product> }).data.items
  const ids = (products: Product[]) => products.map((product) => product._id)
  const sale = (itemId: string, itemType: 'Product' | 'Package', size: string, price: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: {
        orderItems: [{ itemId, itemType, size, quantity: 1, price }],
        totalPrice: price + 15,
        customer: testCustomer,
      },
    })

  beforeAll(async () => {
    shop = await openSeoShop()
    ctx = shop.ctx
    hidden = await create<Product>(ctx.app, 'products', productInput({ name: 'זעתר מוסתר', isHidden: true }))
    shown = await create<Product>(ctx.app, 'products', productInput({ name: 'זעתר גלוי' }))
    recipe = await create<Recipe>(
      ctx.app,
      'recipes',
      recipeInput({
        ingredients: [
          { name: 'זעתר מוסתר', quantity: 'כף', productId: hidden._id },
          { name: 'זעתר גלוי', quantity: 'כף', productId: shown._id },
        ],
      }),
    )
    box = await create<Package>(ctx.app, 'packages', packageInput({ items: contentsOf(hidden, shown) }))
  })
  afterAll(async () => {
    await shop?.close()
  })

  it('is saved hidden by the admin and says so; a product says it is shown', () => {
    expect(hidden.isHidden).toBe(true)
    expect(shown.isHidden).toBe(false)
  })

  it('is absent from the lists, the search, a category, the random carousel and the related products', async () => {
    for (const url of [
      '/api/products?limit=50',
      '/api/products?filter=זעתר',
      '/api/products?category=spices&limit=50',
      '/api/products/random?limit=50',
      `/api/products?exclude=${shown._id}&category=spices&limit=50`,
    ]) {
      const found = ids(await items(url))
      expect(found, url).not.toContain(hidden._id)
    }
    expect(ids(await items('/api/products?filter=זעתר'))).toEqual([shown._id])
    expect((await get('/api/products?filter=זעתר')).json().data.totalItems).toBe(1)
  })

  it('answers its JSON and its page like an unknown product: 404', async () => {
    const response = await get(`/api/products/${hidden._id}`)
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe((await get(`/api/products/${UNKNOWN_ID}`)).json().code)
    const page = await ctx.app.inject({
      url: `/products/${hidden._id}/info`,
      headers: { accept: 'text/html' },
    })
    expect(page.statusCode).toBe(404)
    expect(page.body).not.toContain('זעתר מוסתר')
    const names = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/names',
      payload: { names: ['זעתר מוסתר', 'זעתר גלוי'] },
    })
    expect(ids(names.json().data as Product[])).toEqual([shown._id])
  })

  it('is left out of the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body
    expect(sitemap).toContain(shown._id)
    expect(sitemap).not.toContain(hidden._id)
  })

  it('is refused at checkout and by the coupon check as an unknown item is', async () => {
    const size = hidden.pricing[0]!.size.sizeName
    const refused = await sale(hidden._id, 'Product', size, hidden.pricing[0]!.price)
    const unknown = await sale(UNKNOWN_ID, 'Product', size, hidden.pricing[0]!.price)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'orderItems.0.itemId', message: 'validation.itemNotFound' }],
    })
    expect(refused.json().details).toEqual(unknown.json().details)
    const coupon = await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons/check',
      payload: {
        code: 'NOSUCHCODE',
        orderItems: [{ itemId: hidden._id, itemType: 'Product', size, quantity: 1, price: 12.5 }],
      },
    })
    expect(coupon.statusCode).toBe(400)
    expect(coupon.json().details).toEqual(unknown.json().details)
  })

  it('leaves a package holding it on sale: the package is its own item', async () => {
    const read = (await get(`/api/packages/${box._id}`)).json().data as Package
    // Its contents name the hidden product, marked so the page does not link to it.
    expect(read.items.map(({ productName, isProductHidden }) => [productName, isProductHidden])).toEqual([
      ['זעתר מוסתר', true],
      ['זעתר גלוי', undefined],
    ])
    const priced = await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons/check',
      payload: {
        code: 'NOSUCHCODE',
        orderItems: [
          { itemId: box._id, itemType: 'Package', size: PACKAGE_SIZE, quantity: 1, price: box.price },
        ],
      },
    })
    // Priced: only the code is wrong.
    expect(priced.json().code).toBe('COUPON_UNKNOWN')
    // Past the cart's pricing to the payment step, which this app (no sandbox keys) cannot take.
    const bought = await sale(box._id, 'Package', PACKAGE_SIZE, box.price)
    expect(bought.json().code).toBe('PAYMENT_PROVIDER_ERROR')
  })

  it("shows a recipe's ingredient linked to it as not in the shop, keeping the link for the admin", async () => {
    const read = (await get(`/api/recipes/${recipe._id}`)).json().data as Recipe
    expect(
      read.ingredients.map(({ name, existsInProducts, productId }) => [name, existsInProducts, productId]),
    ).toEqual([
      ['זעתר מוסתר', false, hidden._id],
      ['זעתר גלוי', true, shown._id],
    ])
    // "מתכונים עם המוצר" of a product the shop does not show finds none.
    expect((await get(`/api/recipes?productId=${hidden._id}`)).json().data.totalItems).toBe(0)
  })

  it('is read by the admin: in the list, by visibility, and on its own', async () => {
    expect(ids(await items('/api/admin/products?limit=50'))).toEqual(
      expect.arrayContaining([hidden._id, shown._id]),
    )
    const onlyHidden = await items('/api/admin/products?visibility=hidden&limit=50')
    expect(onlyHidden.map((product) => [product.name, product.isHidden])).toEqual([['זעתר מוסתר', true]])
    expect(ids(await items('/api/admin/products?visibility=visible&limit=50'))).not.toContain(hidden._id)
    const one = await get(`/api/admin/products/${hidden._id}`)
    expect(one.statusCode).toBe(200)
    expect(one.headers['cache-control']).toBe('no-store')
    expect((one.json().data as Product).isHidden).toBe(true)
    expect((await get(`/api/admin/products/${UNKNOWN_ID}`)).statusCode).toBe(404)
    expect((await get('/api/admin/products?visibility=gone')).statusCode).toBe(400)
  })

  it('is shown again by the admin through the same form, and the shop sells it at once', async () => {
    const { _id, createdAt: _c, updatedAt: _u, redWarnings: _r, ...fields } = hidden
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${_id}`,
      payload: { ...fields, isHidden: false },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((response.json().data as Product).isHidden).toBe(false)
    expect((await get(`/api/products/${_id}`)).statusCode).toBe(200)
    expect(ids(await items('/api/products?filter=זעתר'))).toContain(_id)
    const read = (await get(`/api/recipes/${recipe._id}`)).json().data as Recipe
    expect(read.ingredients.every((ingredient) => ingredient.existsInProducts)).toBe(true)
  })
})
