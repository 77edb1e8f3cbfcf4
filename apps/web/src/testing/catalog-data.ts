import { vi } from 'vitest'
import { EMPTY_LABELLING, type Package, type Product } from '@tavlin/contracts'

const STAMP = '2026-01-01T00:00:00.000Z'

/** A product as the API sends it; ids are UUIDs because the API only accepts those. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    name: 'ברברה',
    shortDescription: 'תערובת תבלינים חריפה',
    image: '/uploads/products/berbere-640.webp',
    pricing: [
      { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 16.9 },
      { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 34.5 },
    ],
    categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
    subCategories: [
      { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
    ],
    features: { value: [{ title: 'טעם', description: 'חריף' }] },
    labelling: { ...EMPTY_LABELLING },
    redWarnings: [],
    isHidden: false,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  }
}

export function makePackage(overrides: Partial<Package> = {}): Package {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'מארז מיסיר ווט',
    image: '/uploads/packages/misir-640.webp',
    price: 69,
    cookingTime: 45,
    peoplesQuantity: 4,
    ingredientsQuantity: 1,
    items: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        productName: 'עדשים אדומות',
        sizeName: '1 ק״ג',
        quantity: 1,
      },
    ],
    createdAt: STAMP,
    updatedAt: STAMP,
    subCategories: [],
    ...overrides,
  }
}

export const ok = (data: unknown) => Response.json({ success: true, data })
export const notFound = () =>
  Response.json({ success: false, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })
export const page = <T>(items: T[], currentPage = 1, totalPages = 1) =>
  ok({ items, currentPage, totalPages, totalItems: items.length })

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>

/**
 * Replaces fetch at the edge of the app: each request goes to the handler, and is
 * recorded so tests can check what the client asked for.
 */
export function fakeApi(handler: Handler) {
  const requests: URL[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    requests.push(url)
    return handler(url, init)
  })
  return requests
}
