import type { AccountOrder, AccountProfile, SavedAddress } from '@tavlin/contracts'
import { useAuthStore } from '../features/auth/auth-store'
import { fakeOidc, fakeUser, storeSessionHint } from './fake-oidc-client'
import { fakeApi, ok, publicConfig } from './fake-api'

// Test data for "החשבון שלי" (issue 22): the account API's answers, and a signed-in shopper.

export const ORDER_ID = '33333333-3333-4333-8333-333333333333'
export const CUMIN = '11111111-1111-4111-8111-111111111111'
export const SAFFRON = '22222222-2222-4222-8222-222222222222'
export const HOME = '44444444-4444-4444-8444-444444444444'
export const WORK = '55555555-5555-4555-8555-555555555555'

export const profile = (overrides: Partial<AccountProfile> = {}): AccountProfile => ({
  email: 'dana@example.com',
  emailVerified: true,
  firstName: 'דנה',
  lastName: 'לוי',
  phone: null,
  marketingConsent: false,
  isLocalAccount: true,
  openOrders: 0,
  ...overrides,
})

export const order: AccountOrder = {
  _id: ORDER_ID,
  number: 'TV-1042',
  orderStatus: 'shipped',
  tracking: {
    courierId: '77777777-7777-4777-8777-777777777777',
    courierName: 'דואר ישראל',
    trackingNumber: 'RR123456789IL',
    trackingUrl: 'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  orderItems: [
    {
      itemId: CUMIN,
      itemType: 'Product',
      item: { name: 'כמון' },
      size: '100g',
      quantity: 2,
      price: 12,
      lineTotal: 24,
    },
    {
      itemId: SAFFRON,
      itemType: 'Product',
      item: { name: 'זעפרן' },
      size: '1g',
      quantity: 1,
      price: 30,
      lineTotal: 30,
    },
  ],
  subtotal: 54,
  discount: 5.4,
  couponCode: 'WELCOME10',
  shippingFee: 0,
  delivery: {
    methodId: null,
    kind: 'pickup',
    name: 'איסוף עצמי',
    zoneName: null,
    daysMin: 1,
    daysMax: 2,
    pickupAddress: 'הרצל 1, תל אביב-יפו',
    openingHours: null,
  },
  vat: 7.41,
  vatRate: 0.18,
  totalPrice: 48.6,
  documentUrl: 'https://receipts.example.test/r/1042',
}

export const home: SavedAddress = {
  _id: HOME,
  label: 'בית',
  street: 'הרצל',
  streetNum: '10',
  city: 'תל אביב-יפו',
  isDefault: true,
}
export const work: SavedAddress = {
  ...home,
  _id: WORK,
  label: 'עבודה',
  street: 'ויצמן',
  streetNum: '3',
  isDefault: false,
}

export function accountApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/config': () => ok(publicConfig),
    'GET /api/account': () => ok(profile()),
    'GET /api/account/orders': () => ok({ items: [order], currentPage: 1, totalPages: 1, totalItems: 1 }),
    'GET /api/account/addresses': () => ok({ items: [home, work] }),
    'GET /api/account/favourites': () => ok({ items: [] }),
    ...overrides,
  })
}

export function signedIn() {
  storeSessionHint()
  fakeOidc.storedUser = fakeUser([], {
    profile: { sub: 'shopper-1', email: 'dana@example.com', given_name: 'דנה' },
  })
  useAuthStore.reset()
}
