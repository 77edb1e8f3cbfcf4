import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.js'
import { home, pickup, useDeliveryShop } from '../../test/delivery-shop.js'

// The admin's delivery methods and excluded cities (issue 19, decision 228).
const { shop, createMethod } = useDeliveryShop()

describe('the delivery methods the admin defines', () => {
  it('answers 401 without an admin', async () => {
    const denied = await buildTestApp()
    try {
      expect((await denied.app.inject({ url: '/api/admin/delivery' })).statusCode).toBe(401)
      const created = await denied.app.inject({
        method: 'POST',
        url: '/api/admin/delivery/methods',
        payload: home(),
      })
      expect(created.statusCode).toBe(401)
    } finally {
      await denied.close()
    }
  })

  it('offers a shop with none the standard method: SHIPPING_FEE everywhere, DELIVERY_DAYS', async () => {
    const response = await shop.ctx.app.inject({ url: '/api/delivery' })
    expect(response.json().data).toEqual({
      methods: [
        expect.objectContaining({
          _id: 'standard',
          kind: 'delivery',
          daysMin: 3,
          daysMax: 5,
          zones: [{ name: '', price: 15, cities: [], everywhereElse: true }],
        }),
      ],
      excludedCities: [],
    })
    expect((await shop.ctx.app.inject({ url: '/api/admin/delivery' })).json().data.methods).toEqual([])
  })

  it('stores zones with the cities as the localities list names them, in checkout order', async () => {
    await createMethod(pickup())
    const created = await createMethod(
      home({ zones: [{ name: 'מרכז', price: 20, cities: ['תל-אביב יפו'] }] }),
    )
    const shopMethods = (await shop.ctx.app.inject({ url: '/api/delivery' })).json().data.methods
    expect(shopMethods.map((method: { name: string }) => method.name)).toEqual([
      'משלוח עד הבית',
      'איסוף עצמי',
    ])
    expect(shopMethods[0]).toMatchObject({
      _id: created._id,
      zones: [{ name: 'מרכז', price: 20, cities: ['תל אביב-יפו'], everywhereElse: false }],
      pickupAddress: null,
    })
  })

  it('refuses unknown cities, a city in two zones and a pickup without its address, naming each field (400)', async () => {
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/methods',
      payload: home({
        zones: [
          { name: 'מרכז', price: 20, cities: ['רמת גן', 'Gotham'] },
          { name: 'עוד', price: 20, cities: ['רמת גן'] },
        ],
      }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toEqual([
      { field: 'body.zones.0.cities.1', message: 'validation.cityUnknown' },
      { field: 'body.zones.1.cities.0', message: 'validation.zoneCityTwice' },
    ])
    const noAddress = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/methods',
      payload: pickup({ pickupAddress: '  ' }),
    })
    expect(noAddress.json().details).toEqual([
      { field: 'body.pickupAddress', message: 'validation.pickupAddressRequired' },
    ])
  })

  it('edits, switches off and deletes a method; with none active the shop is back on the standard one', async () => {
    const { _id } = await createMethod(home())
    const edited = await shop.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/delivery/methods/${_id}`,
      payload: home({ name: 'שליח', active: false }),
    })
    expect(edited.json().data).toMatchObject({ name: 'שליח', active: false })
    const shopMethods = (await shop.ctx.app.inject({ url: '/api/delivery' })).json().data.methods
    expect(shopMethods.map((method: { _id: string }) => method._id)).toEqual(['standard'])
    const removed = await shop.ctx.app.inject({ method: 'DELETE', url: `/api/admin/delivery/methods/${_id}` })
    expect(removed.json().data).toEqual({ _id })
    const again = await shop.ctx.app.inject({ method: 'DELETE', url: `/api/admin/delivery/methods/${_id}` })
    expect(again.statusCode).toBe(404)
  })

  it('keeps the excluded cities as the list names them, sorted, and refuses a place not on it', async () => {
    const saved = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/settings',
      payload: { excludedCities: ['מצפה רמון', 'אילת', 'אילת'] },
    })
    expect(saved.json().data).toEqual({ excludedCities: ['אילת', 'מצפה רמון'] })
    expect((await shop.ctx.app.inject({ url: '/api/delivery' })).json().data.excludedCities).toEqual([
      'אילת',
      'מצפה רמון',
    ])
    const refused = await shop.ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/settings',
      payload: { excludedCities: ['Gotham'] },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().details).toEqual([
      { field: 'body.excludedCities.0', message: 'validation.cityUnknown' },
    ])
  })
})
