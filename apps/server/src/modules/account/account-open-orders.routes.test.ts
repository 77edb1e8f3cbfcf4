import { describe, expect, it } from 'vitest'
import { saleRequest, testCustomer } from '../../test/factories.js'
import { asShopper, bearer, shopperToken } from '../../test/account-shop.js'
import { useCancellationShop } from '../../test/cancellation-shop.js'

/**
 * A deleted account's open orders (issue 35 point 2, decision 254): the shop still has to
 * deliver what was paid for, so their name, address and phone stay until they close.
 */
describe('deleting an account with orders still open', () => {
  const shop = useCancellationShop()
  let shoppers = 0
  const shopper = async () => {
    const subject = `p-open-${++shoppers}`
    const token = await shopperToken(shop.tokens, subject, { email: `${subject}@example.com` })
    return { subject, token, call: asShopper(shop.ctx, token) }
  }
  const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    shop.ctx.app.inject({ method, url, headers: shop.admin, ...(payload ? { payload } : {}) })
  const move = (id: string, orderStatus: string) => admin('PATCH', `/api/orders/${id}`, { orderStatus })
  const customerOf = async (id: string) => (await admin('GET', `/api/orders/${id}`)).json().data

  it('keeps a paid order’s delivery details until it is delivered, and says so before deleting', async () => {
    const { token, call } = await shopper()
    const open = await shop.paidOrder(bearer(token))
    const done = await shop.paidOrder(bearer(token))
    for (const status of ['preparing', 'shipped', 'delivered'])
      expect((await move(done.id, status)).statusCode).toBe(200)
    expect((await call('GET', '/api/account')).json().data.openOrders).toBe(1)
    expect(await customerOf(open.id)).toMatchObject({ erasureRequestedAt: null })

    const deleted = await call('DELETE', '/api/account')
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json().data).toEqual({ deleted: true, ordersMasked: 1, ordersKept: 1 })
    expect(await customerOf(done.id)).toMatchObject({ customer: { firstName: 'נמחק', phone: '' } })
    const kept = await customerOf(open.id)
    expect(kept).toMatchObject({
      erasedAt: null,
      // The owner's order page warns that these details go once the order is delivered.
      erasureRequestedAt: expect.any(String),
      customer: {
        firstName: 'נועה',
        phone: testCustomer.phone,
        address: { street: 'הרצל', streetNum: '12' },
      },
    })

    for (const status of ['preparing', 'shipped']) expect((await move(open.id, status)).statusCode).toBe(200)
    expect((await customerOf(open.id)).customer.address.street).toBe('הרצל')
    const delivered = await move(open.id, 'delivered')
    expect(delivered.statusCode).toBe(200)
    // The answer to the change that closed it is masked already.
    expect(delivered.json().data.customer).toMatchObject({ firstName: 'נמחק', phone: '' })
    const after = await customerOf(open.id)
    expect(after.erasedAt).not.toBeNull()
    expect(after.erasureRequestedAt).toBeNull()
    expect(after.customer).toMatchObject({ firstName: 'נמחק', email: `erased-${open.id}@invalid` })
    expect(after.customer.address).toMatchObject({ street: '', city: '' })
    expect(after).toMatchObject({ orderStatus: 'delivered', totalPrice: 184.8 })
  })

  it('masks a kept order once it is refunded in full, and an unpaid one once it is cancelled', async () => {
    const { token, call } = await shopper()
    const paid = await shop.paidOrder(bearer(token))
    const unpaid = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      headers: bearer(token),
      payload: saleRequest(shop.ids),
    })
    expect(unpaid.statusCode).toBe(201)
    const unpaidId = unpaid.json().data.order._id as string
    expect((await call('GET', '/api/account')).json().data.openOrders).toBe(2)
    expect((await call('DELETE', '/api/account')).json().data).toMatchObject({
      ordersMasked: 0,
      ordersKept: 2,
    })

    const partial = await admin('POST', `/api/orders/${paid.id}/refunds`, { amount: 50 })
    expect(partial.json().data.orderStatus).toBe('partially_refunded')
    expect((await customerOf(paid.id)).customer.firstName).toBe('נועה')
    const rest = await admin('POST', `/api/orders/${paid.id}/refunds`, { amount: 134.8 })
    expect(rest.json().data.orderStatus).toBe('refunded')
    expect((await customerOf(paid.id)).customer.firstName).toBe('נמחק')

    expect((await customerOf(unpaidId)).customer.firstName).toBe('נועה')
    expect((await move(unpaidId, 'cancelled')).statusCode).toBe(200)
    expect(await customerOf(unpaidId)).toMatchObject({ customer: { firstName: 'נמחק', phone: '' } })
  })
})
