import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { MARKETING_CONSENT_WORDING } from '@tavlin/contracts'
import { marketingConsents, orders, savedAddresses, shopperProfiles } from '../../db/schema/index.js'
import { asShopper, bearer, seedAccountOrder, shopperToken } from '../../test/account-shop.js'
import { saleRequest } from '../../test/factories.js'
import { useOrdersShop } from '../../test/orders-shop.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

const names = { firstName: 'נועה', lastName: 'כהן' }

describe("the shopper's profile, consent, claiming and leaving (issue 22)", () => {
  const shop = useOrdersShop()
  let tokens: TokenFactory
  beforeAll(async () => {
    tokens = await tokenFactory(shop.ctx.config, shop.ctx.database.db)
  })
  const as = async (sub: string, claims: Parameters<typeof shopperToken>[2] = {}) =>
    asShopper(shop.ctx, await shopperToken(tokens, sub, claims))
  const consentOf = async (email: string) =>
    (await shop.ctx.database.db.select().from(marketingConsents)).find((row) => row.email === email)

  it("reads the names from the token until the shopper saves their own, and the e-mail's state", async () => {
    const noa = await as('p-noa', { email: 'Noa@Example.com', given_name: 'נועה', family_name: 'לוי' })
    const response = await noa('GET', '/api/account')
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual({
      email: 'Noa@Example.com',
      emailVerified: true,
      firstName: 'נועה',
      lastName: 'לוי',
      phone: null,
      marketingConsent: false,
      // The test's token names no account of the built-in provider; a real one is local
      // (identity's local-accounts.test.ts).
      isLocalAccount: false,
      openOrders: 0,
    })
  })

  it('saves names and a phone (a mobile as 05XXXXXXXX, a landline as typed), and refuses what is no phone', async () => {
    const noa = await as('p-noa')
    const saved = await noa('PUT', '/api/account', { ...names, phone: '+972-52-123 4567' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({ ...names, phone: '0521234567', marketingConsent: false })
    expect((await noa('GET', '/api/account')).json().data).toMatchObject({ ...names, phone: '0521234567' })
    const landline = await noa('PUT', '/api/account', { ...names, phone: '02-1234567' })
    expect(landline.json().data).toMatchObject({ phone: '02-1234567' })
    const refused = await noa('PUT', '/api/account', { ...names, phone: 'not a phone' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().details).toEqual([{ field: 'body.phone', message: 'validation.phoneInvalid' }])
  })

  it('records marketing consent with its wording when turned on, and withdraws it when turned off', async () => {
    const noa = await as('p-consent', { email: 'Consent@Example.com' })
    const on = await noa('PUT', '/api/account', { ...names, marketingConsent: true })
    expect(on.json().data.marketingConsent).toBe(true)
    expect(await consentOf('consent@example.com')).toMatchObject({
      source: 'account',
      wording: MARKETING_CONSENT_WORDING,
      withdrawnAt: null,
    })
    const off = await noa('PUT', '/api/account', { ...names, marketingConsent: false })
    expect(off.json().data.marketingConsent).toBe(false)
    expect((await consentOf('consent@example.com'))?.withdrawnAt).toBeInstanceOf(Date)
  })

  it('needs a confirmed e-mail for marketing consent, and does not reveal an unconfirmed one’s', async () => {
    const noa = await as('p-consent-2', { email: 'consent@example.com', email_verified: false })
    await (
      await as('p-consent', { email: 'consent@example.com' })
    )('PUT', '/api/account', {
      ...names,
      marketingConsent: true,
    })
    expect((await noa('GET', '/api/account')).json().data).toMatchObject({
      emailVerified: false,
      marketingConsent: false,
    })
    const refused = await noa('PUT', '/api/account', { ...names, marketingConsent: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED')
    // Unticked by someone who has not proven the address: the owner's consent stays.
    await noa('PUT', '/api/account', { ...names, marketingConsent: false })
    expect((await consentOf('consent@example.com'))?.withdrawnAt).toBeNull()
  })

  it('claims guest orders of a confirmed e-mail (any case), and refuses an unconfirmed one', async () => {
    const { db } = shop.ctx.database
    const line = { itemId: shop.ids.productId, unitPriceAgorot: 2490, quantity: 1 }
    const guest = await seedAccountOrder(db, { subject: null, email: 'claim@example.com', lines: [line] })
    const someoneElses = await seedAccountOrder(db, {
      subject: 'p-other',
      email: 'claim@example.com',
      lines: [line],
    })
    const unconfirmed = await as('p-claim-2', { email: 'claim@example.com', email_verified: false })
    const refused = await unconfirmed('POST', '/api/account/claim-orders')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED')
    expect((await unconfirmed('GET', '/api/account/orders')).json().data.totalItems).toBe(0)

    const claimer = await as('p-claim', { email: 'CLAIM@example.com' })
    const claimed = await claimer('POST', '/api/account/claim-orders')
    expect(claimed.statusCode).toBe(200)
    expect(claimed.json().data).toEqual({ claimed: 1 })
    const mine = (await claimer('GET', '/api/account/orders')).json().data
    expect(mine.items.map((order: { _id: string }) => order._id)).toEqual([guest])
    expect((await shop.orderRow(someoneElses)).accountSubject).toBe('p-other')
    expect((await claimer('POST', '/api/account/claim-orders')).json().data).toEqual({ claimed: 0 })
  })

  it("links a signed-in shopper's checkout to the account; a guest's stays a guest's; a bad token is 401", async () => {
    const token = await shopperToken(tokens, 'p-buyer')
    const signedIn = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      headers: { ...bearer(token), 'idempotency-key': `account-${Date.now()}` },
      payload: saleRequest(shop.ids),
    })
    expect(signedIn.statusCode).toBe(201)
    const orderId = signedIn.json().data.order._id as string
    expect((await shop.orderRow(orderId)).accountSubject).toBe('p-buyer')
    const mine = await asShopper(shop.ctx, token)('GET', `/api/account/orders/${orderId}`)
    expect(mine.json().data).toMatchObject({ _id: orderId, orderStatus: 'pending_payment' })

    const guest = (await shop.newOrder()).order._id
    expect((await shop.orderRow(guest)).accountSubject).toBeNull()

    const expired = await tokens.sign({ sub: 'p-buyer' }, { expiresInSeconds: -120 })
    const before = (await shop.ctx.database.db.select({ id: orders.id }).from(orders)).length
    const refused = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      headers: bearer(expired),
      payload: saleRequest(shop.ids),
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe('UNAUTHORIZED')
    expect((await shop.ctx.database.db.select({ id: orders.id }).from(orders)).length).toBe(before)
  })

  it('deletes the account: profile and addresses gone, delivered orders masked but kept, consent withdrawn', async () => {
    const { db } = shop.ctx.database
    const leaver = await as('p-leaver', { email: 'leaver@example.com' })
    await leaver('PUT', '/api/account', { ...names, phone: '0501234567', marketingConsent: true })
    await leaver('POST', '/api/account/addresses', { street: 'הרצל', streetNum: '1', city: 'חיפה' })
    const line = { itemId: shop.ids.productId, unitPriceAgorot: 2490, quantity: 2 }
    // Delivered: nothing is left to deliver (an open order keeps its address, account-open-orders).
    const status = 'delivered'
    const linked = await seedAccountOrder(db, {
      subject: 'p-leaver',
      email: 'gift@example.com',
      lines: [line],
      status,
    })
    const guest = await seedAccountOrder(db, {
      subject: null,
      email: 'Leaver@Example.com',
      lines: [line],
      status,
    })
    const stranger = await seedAccountOrder(db, {
      subject: null,
      email: 'stranger@example.com',
      lines: [line],
      status,
    })

    const response = await leaver('DELETE', '/api/account')
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual({ deleted: true, ordersMasked: 2, ordersKept: 0 })
    expect(await db.select().from(shopperProfiles).where(eq(shopperProfiles.subject, 'p-leaver'))).toEqual([])
    expect(await db.select().from(savedAddresses).where(eq(savedAddresses.subject, 'p-leaver'))).toEqual([])
    for (const id of [linked, guest]) {
      const row = await shop.orderRow(id)
      expect(row.customer).toMatchObject({ firstName: 'נמחק', email: `erased-${id}@invalid`, phone: '' })
      expect(row.totalAgorot).toBe(2 * 2490 + 1500)
    }
    expect((await shop.orderRow(linked)).accountSubject).toBe('p-leaver')
    expect((await shop.orderRow(stranger)).customer.email).toBe('stranger@example.com')
    expect((await consentOf('leaver@example.com'))?.withdrawnAt).toBeInstanceOf(Date)
  })

  it('refuses the deleted account’s token everywhere at once: nothing of it is written again (issue 33)', async () => {
    const { db } = shop.ctx.database
    const leaver = await as('p-gone', { email: 'gone@example.com' })
    await leaver('PUT', '/api/account', { ...names, phone: '0501234567', marketingConsent: true })
    expect((await leaver('DELETE', '/api/account')).statusCode).toBe(200)
    // The same token, still within its ten minutes: every route of the account, and checkout.
    for (const [method, url, payload] of [
      ['GET', '/api/account', undefined],
      ['PUT', '/api/account', { ...names, phone: '0501234567', marketingConsent: true }],
      ['POST', '/api/account/addresses', { street: 'הרצל', streetNum: '1', city: 'חיפה' }],
      ['GET', '/api/account/orders', undefined],
      ['POST', '/api/account/claim-orders', undefined],
      ['DELETE', '/api/account', undefined],
      ['POST', '/api/orders/generate-sale', saleRequest(shop.ids)],
    ] as const) {
      const response = await leaver(method, url, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(response.json().code).toBe('UNAUTHORIZED')
    }
    expect(await db.select().from(shopperProfiles).where(eq(shopperProfiles.subject, 'p-gone'))).toEqual([])
    expect(await db.select().from(savedAddresses).where(eq(savedAddresses.subject, 'p-gone'))).toEqual([])
    expect((await consentOf('gone@example.com'))?.withdrawnAt).toBeInstanceOf(Date)
    // Another shopper's token is not touched by it.
    expect((await (await as('p-stays'))('GET', '/api/account')).statusCode).toBe(200)
  })
})
