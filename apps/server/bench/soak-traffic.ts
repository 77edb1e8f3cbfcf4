/** The soak's traffic (soak.ts): each kind of visit, timed into the run's samples. */
import crypto from 'node:crypto'
import { SANDBOX_CARDS } from '../src/modules/payments/payplus-sandbox.service.js'

export type Sample = { at: number; ms: number; ok: boolean; kind: string }
export type CatalogueItem = { _id: string; pricing: Array<{ size: { sizeName: string }; price: number }> }
// Untyped JSON of several routes; each caller reads the one field it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { data?: any } | null
type Timed = (
  kind: string,
  url: string,
  init?: RequestInit,
  okStatus?: (s: number) => boolean,
) => Promise<Answer>

/** What every visit needs: the shop's catalogue and shipping fee, an image, the admin's headers. */
export type Soak = {
  timed: Timed
  catalogue: CatalogueItem[]
  config: { shippingFee: number }
  image: Buffer
  admin: () => { authorization: string }
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!
}

/** Requests against `base`, each one's time and outcome pushed to `samples`. */
export function timer(base: string, samples: Sample[], startedAt: number): Timed {
  return async (kind, url, init = {}, okStatus = (s: number) => s < 400) => {
    const t0 = performance.now()
    let ok = false
    let body: unknown = null
    try {
      const response = await fetch(`${base}${url}`, { ...init, redirect: 'manual' })
      const text = await response.text()
      ok = okStatus(response.status)
      body = text.startsWith('{') ? JSON.parse(text) : text
      if (!ok) process.stderr.write(`${kind} ${url}: ${response.status} ${text.slice(0, 200)}\n`)
    } catch (error) {
      process.stderr.write(`${kind} ${url}: ${(error as Error).message}\n`)
    }
    samples.push({ at: Date.now() - startedAt, ms: performance.now() - t0, ok, kind })
    return body as Answer
  }
}

export async function browse({ timed, catalogue }: Soak) {
  const product = pick(catalogue)
  const url = pick([
    '/',
    '/products',
    `/products/${product._id}`,
    `/api/products?page=${1 + Math.floor(Math.random() * 4)}&limit=12`,
    `/api/products/${product._id}`,
    '/api/recipes?limit=12',
    '/api/packages',
    '/api/config',
  ])
  await timed('browse', url)
}

export async function checkout({ timed, catalogue, config }: Soak) {
  const lines = [pick(catalogue), pick(catalogue)].map((product) => {
    const option = pick(product.pricing)
    return {
      itemId: product._id,
      itemType: 'Product',
      size: option.size.sizeName,
      quantity: 1,
      price: option.price,
    }
  })
  const total = lines.reduce((sum, line) => sum + line.price, 0) + config.shippingFee
  const sale = await timed('checkout', '/api/orders/generate-sale', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      orderItems: lines,
      totalPrice: Math.round(total * 100) / 100,
      customer: {
        firstName: 'נועה',
        lastName: 'כהן',
        email: `soak-${crypto.randomBytes(3).toString('hex')}@example.com`,
        phone: '0501234567',
        address: { street: 'הרצל', streetNum: '12', city: 'תל אביב' },
      },
    }),
  })
  const link = sale?.data?.paymentLink as string | undefined
  if (!link || Math.random() < 0.5) return
  const form = new URLSearchParams({
    card_number: SANDBOX_CARDS.approved,
    card_holder_name: 'נועה כהן',
    identification_number: '123456782',
    expiry_month: '12',
    expiry_year: String(new Date().getFullYear() + 2),
    cvv: '123',
  })
  await timed('pay', new URL(link).pathname, { method: 'POST', body: form }, (s) => s === 303)
}

export async function adminEdit({ timed, catalogue, admin }: Soak) {
  if (Math.random() < 0.5) {
    const list = await timed('admin', '/api/orders?status=paid&limit=5', { headers: admin() })
    const order = list?.data?.items?.[0] as { _id: string } | undefined
    if (!order) return
    await timed(
      'admin',
      `/api/orders/${order._id}`,
      {
        method: 'PATCH',
        headers: { ...admin(), 'content-type': 'application/json' },
        body: JSON.stringify({ orderStatus: 'preparing' }),
      },
      // Two workers may pick the same paid order: the second is refused, as an admin would be.
      (status) => status < 400 || status === 409,
    )
    return
  }
  const product = (await timed('admin', `/api/products/${pick(catalogue)._id}`))?.data
  if (!product) return
  const { _id, createdAt: _c, updatedAt: _u, ...input } = product
  input.shortDescription = `${String(input.shortDescription).replace(/ · עודכן \d+$/, '')} · עודכן ${Date.now() % 1000}`
  await timed('admin', `/api/products/${_id}`, {
    method: 'PUT',
    headers: { ...admin(), 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
}

export async function upload({ timed, image, admin }: Soak) {
  const body = new FormData()
  body.append('file', new Blob([image], { type: 'image/png' }), 'soak.png')
  await timed('upload', '/api/upload/images?folder=products', { method: 'POST', headers: admin(), body })
}
