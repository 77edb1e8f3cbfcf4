import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@tavlin/contracts'
import { asShopper, shopperToken } from '../../test/account-shop.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { tokenFactory } from '../../test/tokens.js'

const home = { label: 'בית', street: 'הרצל', streetNum: '12', city: 'תל-אביב – יפו', floor: '3' }
const work = { label: 'עבודה', street: 'יפו', streetNum: '200', city: 'ירושלים', postal_code: '9438300' }

describe("the shopper's saved addresses (issue 22)", () => {
  let ctx: TestContext
  let tokens: Awaited<ReturnType<typeof tokenFactory>>
  let noa: ReturnType<typeof asShopper>
  let dan: ReturnType<typeof asShopper>

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    noa = asShopper(ctx, await shopperToken(tokens, 'noa'))
    dan = asShopper(ctx, await shopperToken(tokens, 'dan'))
  })
  afterAll(() => ctx.close())

  const list = async (as: ReturnType<typeof asShopper>) =>
    ((await as('GET', '/api/account/addresses')).json().data.items as SavedAddress[]).map((a) => [
      a.label,
      a.isDefault,
    ])

  it('saves addresses with the localities list’s city name; the first becomes the default', async () => {
    const first = await noa('POST', '/api/account/addresses', home)
    expect(first.statusCode).toBe(201)
    expect(first.json().data).toMatchObject({
      label: 'בית',
      street: 'הרצל',
      streetNum: '12',
      city: 'תל אביב-יפו',
      floor: '3',
      isDefault: true,
    })
    expect(first.json().data).not.toHaveProperty('postal_code')
    const second = await noa('POST', '/api/account/addresses', work)
    expect(second.json().data).toMatchObject({ city: 'ירושלים', postal_code: '9438300', isDefault: false })
    expect(await list(noa)).toEqual([
      ['בית', true],
      ['עבודה', false],
    ])
  })

  it('makes exactly one default when a new shopper saves several addresses at once', async () => {
    const racer = asShopper(ctx, await shopperToken(tokens, 'racer'))
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => racer('POST', '/api/account/addresses', { ...home, streetNum: String(n) })),
    )
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201])
    const saved = (await racer('GET', '/api/account/addresses')).json().data.items as SavedAddress[]
    expect(saved.filter((address) => address.isDefault)).toHaveLength(1)
  })

  it('refuses a city that is not an Israeli locality, in a translation key', async () => {
    const response = await noa('POST', '/api/account/addresses', { ...home, city: 'Springfield' })
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([{ field: 'body.city', message: 'validation.cityUnknown' }])
  })

  it('keeps exactly one default: a new default moves the mark, unmarking alone changes nothing', async () => {
    const [, workAddress] = (await noa('GET', '/api/account/addresses')).json().data.items as SavedAddress[]
    const updated = await noa('PUT', `/api/account/addresses/${workAddress!._id}`, {
      ...work,
      streetNum: '201',
      isDefault: true,
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().data).toMatchObject({ streetNum: '201', isDefault: true })
    expect(await list(noa)).toEqual([
      ['עבודה', true],
      ['בית', false],
    ])
    await noa('PUT', `/api/account/addresses/${workAddress!._id}`, { ...work, isDefault: false })
    expect(await list(noa)).toEqual([
      ['עבודה', true],
      ['בית', false],
    ])
    const [, homeAddress] = (await noa('GET', '/api/account/addresses')).json().data.items as SavedAddress[]
    const made = await noa('POST', `/api/account/addresses/${homeAddress!._id}/default`)
    expect(made.statusCode).toBe(200)
    expect((made.json().data.items as SavedAddress[]).map((a) => [a.label, a.isDefault])).toEqual([
      ['בית', true],
      ['עבודה', false],
    ])
  })

  it('passes the default on when the default is deleted', async () => {
    const [homeAddress] = (await noa('GET', '/api/account/addresses')).json().data.items as SavedAddress[]
    const response = await noa('DELETE', `/api/account/addresses/${homeAddress!._id}`)
    expect(response.statusCode).toBe(200)
    expect((response.json().data.items as SavedAddress[]).map((a) => [a.label, a.isDefault])).toEqual([
      ['עבודה', true],
    ])
  })

  it('answers 404 for another shopper’s address, and shows nobody else’s', async () => {
    const [address] = (await noa('GET', '/api/account/addresses')).json().data.items as SavedAddress[]
    expect(await list(dan)).toEqual([])
    for (const [method, url, body] of [
      ['PUT', `/api/account/addresses/${address!._id}`, home],
      ['DELETE', `/api/account/addresses/${address!._id}`, undefined],
      ['POST', `/api/account/addresses/${address!._id}/default`, undefined],
    ] as const) {
      const response = await dan(method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(404)
    }
    expect(await list(noa)).toEqual([['עבודה', true]])
  })

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses per shopper`, async () => {
    const many = asShopper(ctx, await shopperToken(tokens, 'many'))
    for (let index = 0; index < MAX_SAVED_ADDRESSES; index += 1) {
      const response = await many('POST', '/api/account/addresses', { ...home, streetNum: String(index + 1) })
      expect(response.statusCode).toBe(201)
    }
    const refused = await many('POST', '/api/account/addresses', home)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'ADDRESS_LIMIT_REACHED',
      details: { max: MAX_SAVED_ADDRESSES },
    })
  })
})
