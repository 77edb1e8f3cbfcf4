import { DEMO_BUSINESS_DETAILS, EMPTY_LABELLING, type BusinessDetails } from '@tavlin/contracts'
import { vi } from 'vitest'
import { discoveryDocument } from './fake-oidc-client'

export type FakeCall = {
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: unknown
}
type Handler = (call: FakeCall) => Response | Promise<Response>

export const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status })
export const fail = (status: number, code: string, details?: unknown) =>
  Response.json({ success: false, code, message: code, details }, { status })

/**
 * The edge of the system for component tests: globalThis.fetch answers like the server,
 * so the real api client, schemas and query cache run. Routes are `METHOD /api/path`
 * patterns; a route's queue of answers is used first, then its default.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = []
  const queues = new Map<string, Handler[]>()
  // The built-in provider's discovery document, which the sign-in reads before it starts.
  const withDiscovery: Record<string, Handler> = {
    'GET /oidc/.well-known/openid-configuration': (call) =>
      Response.json(
        discoveryDocument(`http://shop.test${call.path.replace('/.well-known/openid-configuration', '')}`),
      ),
    ...routes,
  }
  const entries = Object.entries(withDiscovery).map(([route, handler]) => {
    const [method = 'GET', pattern = ''] = route.split(' ')
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`)
    return { route, method, regex, handler }
  })
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // Like fetch: a request already cancelled is never sent.
    init?.signal?.throwIfAborted()
    const url = new URL(String(input), 'http://shop.test')
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }
    calls.push(call)
    const entry = entries.find(
      (candidate) => candidate.method === call.method && candidate.regex.test(call.path),
    )
    if (!entry) return fail(404, 'NOT_FOUND')
    const queued = queues.get(entry.route)?.shift()
    return (queued ?? entry.handler)(call)
  })
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
    /** The next answers of one route, in order, before its default applies again. */
    queue(route: string, ...handlers: Handler[]) {
      queues.set(route, [...(queues.get(route) ?? []), ...handlers])
    },
  }
}

export const publicConfig = {
  shopName: 'תבלין',
  shopEmail: 'kesher@tavlin.test',
  currency: 'ILS',
  shippingFee: 15,
  vatRate: 0.18,
  deliveryDays: { min: 3, max: 5 },
  identity: {
    authority: 'http://shop.test/oidc',
    clientId: 'tavlin-web',
    audience: 'http://shop.test/api',
    rolesClaim: 'https://tavlin.shop/roles',
    scope: 'openid profile email',
    audienceParameter: 'resource',
  },
  payment: { provider: 'payplus', isSandbox: false },
}

/**
 * GET /api/shop/details: the demo details, with delivery sentences as the server writes them
 * from the delivery methods (apps/server delivery-terms.ts).
 */
export const shopDetails: BusinessDetails = {
  ...DEMO_BUSINESS_DETAILS,
  instagramUrl: '',
  facebookUrl: '',
  delivery:
    'משלוח עד הבית: אספקה תוך 2–4 ימי עסקים מיום התשלום; דמי משלוח \u206615.00 ₪\u2069, חינם בהזמנה של \u2066200.00 ₪\u2069 ומעלה. אין משלוח עד הבית ליישובים: ירוחם.',
  deliveryFees: '\u206615.00 ₪\u2069; חינם בהזמנה של \u2066200.00 ₪\u2069 ומעלה',
}

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }

export function productFixture(id: string, name: string, price: number) {
  return {
    _id: id,
    name,
    shortDescription: 'תבלין ביתי טרי',
    image: `/uploads/${id}.webp`,
    pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price }],
    categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
    subCategories: [],
    features: { value: [{ title: 'טרי', description: 'נטחן השבוע' }] },
    labelling: { ...EMPTY_LABELLING },
    redWarnings: [],
    isHidden: false,
    ...stamp,
  }
}

export function packageFixture(id: string, name: string, price: number) {
  return {
    _id: id,
    name,
    image: `/uploads/${id}.webp`,
    price,
    cookingTime: 60,
    peoplesQuantity: 4,
    ingredientsQuantity: 0,
    items: [],
    subCategories: [],
    ...stamp,
  }
}
