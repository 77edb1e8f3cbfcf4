import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** The signed-in admin's access token, as the admin pages hold it. */
export async function adminToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index) ?? ''
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token
    }
    throw new Error('not signed in')
  })
}

/**
 * A product like a demo one, made through the API by the signed-in admin of `page`: its
 * 50 g size sold out, its 200 g size with 2 left (issue 36's back-in-stock alerts). Its id.
 */
export async function soldOutProduct(page: Page, request: APIRequestContext, name: string): Promise<string> {
  const filter = encodeURIComponent('פפריקה מתוקה')
  const list = await (await request.get(`/api/products?limit=1&filter=${filter}`)).json()
  const demo = (await (await request.get(`/api/products/${list.data.items[0]._id}`)).json()).data
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: {
      name,
      shortDescription: 'תערובת לבדיקת עדכון כשיחזור',
      image: demo.image,
      categories: demo.categories,
      subCategories: demo.subCategories,
      features: demo.features,
      pricing: [
        { size: { sizeName: '50 גרם', sizeQuantity: 50 }, price: 12, stock: 0 },
        { size: { sizeName: '200 גרם', sizeQuantity: 200 }, price: 39, stock: 2 },
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()).data._id as string
}
