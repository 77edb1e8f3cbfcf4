import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS, type Package, type Product, type Recipe } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { contentsOf, create, packageInput, productInput, recipeInput } from '../../test/catalog-factory.js'

const DAY_MS = 24 * 60 * 60 * 1000

describe('uploaded images no entity uses are removed', () => {
  let ctx: TestContext
  let png: Buffer

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { requireAdmin: allowAllAdmins })
    png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c87828' } })
      .png()
      .toBuffer()
  })
  afterAll(() => ctx.close())

  async function upload(folder: 'products' | 'recipes' | 'packages'): Promise<string> {
    const boundary = `----tavlin${crypto.randomBytes(8).toString('hex')}`
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/images?folder=${folder}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().data as { url: string }).url
  }

  /** Every width of the image at `url` (`/uploads/<folder>/<id>-640.webp`), as files on disk. */
  const filesOf = (url: string) =>
    IMAGE_WIDTHS.map((width) =>
      path.join(ctx.config.dataDir, url.replace(/-640\.webp$/, `-${width}.webp`).replace(/^\//, '')),
    )

  async function expectStored(url: string) {
    expect(filesOf(url).map((file) => fs.existsSync(file))).toEqual(IMAGE_WIDTHS.map(() => true))
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200)
  }

  async function expectRemoved(url: string) {
    expect(filesOf(url).map((file) => fs.existsSync(file))).toEqual(IMAGE_WIDTHS.map(() => false))
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404)
  }

  const put = (base: string, id: string, body: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/${base}/${id}`, payload: body })
  const remove = (base: string, id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/${base}/${id}` })

  it('removes every width of a product image the moment it is replaced, and keeps the new one', async () => {
    const first = await upload('products')
    const second = await upload('products')
    const input = productInput({ image: first })
    const product = await create<Product>(ctx.app, 'products', input)
    await expectStored(first)

    const response = await put('products', product._id, { ...input, image: second })
    expect(response.statusCode, response.body).toBe(200)
    await expectRemoved(first)
    await expectStored(second)

    // Saving again with the same image keeps it.
    expect(
      (await put('products', product._id, { ...input, image: second, name: `${input.name}!` })).statusCode,
    ).toBe(200)
    await expectStored(second)
  })

  it('removes a recipe’s image when the recipe is deleted', async () => {
    const image = await upload('recipes')
    const recipe = await create<Recipe>(ctx.app, 'recipes', recipeInput({ image }))
    expect((await remove('recipes', recipe._id)).statusCode).toBe(200)
    await expectRemoved(image)
  })

  it('keeps an image two entities share until the last of them lets it go', async () => {
    const shared = await upload('products')
    const product = await create<Product>(ctx.app, 'products', productInput({ image: shared }))
    const contents = await create<Product>(ctx.app, 'products', productInput())
    const packageInputWithImage = packageInput({ image: shared, items: contentsOf(contents) })
    const kit = await create<Package>(ctx.app, 'packages', packageInputWithImage)

    expect((await remove('products', product._id)).statusCode).toBe(200)
    await expectStored(shared)

    const other = await upload('packages')
    expect((await put('packages', kit._id, { ...packageInputWithImage, image: other })).statusCode).toBe(200)
    await expectRemoved(shared)
    await expectStored(other)
  })

  it('leaves images that are not uploads alone (the demo drawings)', async () => {
    const drawing = path.join(ctx.config.dataDir, 'uploads', 'products', 'berbere-640.webp')
    fs.mkdirSync(path.dirname(drawing), { recursive: true })
    fs.writeFileSync(drawing, png)
    const product = await create<Product>(
      ctx.app,
      'products',
      productInput({ image: '/uploads/products/berbere-640.webp' }),
    )
    expect((await remove('products', product._id)).statusCode).toBe(200)
    expect(fs.existsSync(drawing)).toBe(true)
  })

  it('sweeps uploads nothing uses once they are a day old, and keeps recent or used ones', async () => {
    const forgotten = await upload('products')
    const used = await upload('recipes')
    await create<Recipe>(ctx.app, 'recipes', recipeInput({ image: used }))

    // A fresh upload may still be on its way into a form.
    const now = await ctx.app.jobs.sweepUploads()
    expect(now).toMatchObject({ ran: true, outcome: { removed: 0, errors: 0 } })
    await expectStored(forgotten)

    const tomorrow = await ctx.app.jobs.sweepUploads(new Date(Date.now() + DAY_MS + 60_000))
    expect(tomorrow).toMatchObject({ ran: true, outcome: { removed: 1, errors: 0 } })
    await expectRemoved(forgotten)
    await expectStored(used)
  })
})
