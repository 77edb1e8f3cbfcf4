import { afterEach, describe, expect, it } from 'vitest'
import { PublicConfigSchema } from '@tavlin/contracts'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'

describe('GET /api/config', () => {
  let ctx: TestContext | undefined
  afterEach(async () => {
    await ctx?.close()
    ctx = undefined
  })

  it('gives the default shipping fee and VAT rate', async () => {
    ctx = await buildTestApp()
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.success).toBe(true)
    expect(PublicConfigSchema.parse(body.data)).toMatchObject({
      shippingFee: 15,
      vatRate: 0.18,
      currency: 'ILS',
      deliveryDays: { min: 3, max: 5 },
      shopEmail: 'shop@tavlin.local',
    })
  })

  it('gives the values set in the environment', async () => {
    ctx = await buildTestApp(
      {},
      {
        SHIPPING_FEE: '29.9',
        VAT_RATE: '0.17',
        SHOP_NAME: 'תבלין חיפה',
        DELIVERY_DAYS_MIN: '2',
        DELIVERY_DAYS_MAX: '4',
        SHOP_EMAIL: 'haifa@tavlin.test',
      },
    )
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' })
    expect(response.json().data).toMatchObject({
      shippingFee: 29.9,
      vatRate: 0.17,
      shopName: 'תבלין חיפה',
      deliveryDays: { min: 2, max: 4 },
      shopEmail: 'haifa@tavlin.test',
    })
  })

  it('tells the web app whether payments go to the sandbox, for the admin banner', async () => {
    ctx = await buildTestApp()
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().data.payment).toEqual({
      provider: 'payplus',
      isSandbox: true,
    })
    await ctx.close()
    ctx = await buildTestApp(
      {},
      {
        PAYPLUS_API_URL: 'https://restapi.payplus.co.il/api/v1.0/',
        PAYPLUS_API_KEY: 'key',
        PAYPLUS_SECRET_KEY: 'secret',
        PAYPLUS_PAGE_UID: 'page',
      },
    )
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().data.payment.isSandbox).toBe(
      false,
    )
  })
})
