import { screen, waitFor, within } from '@testing-library/react'
import { expect, vi, type MockInstance } from 'vitest'
import { useCartStore, type CartLine } from '../stores/cart-store'
import { fail, fakeApi, ok, packageFixture, productFixture, publicConfig } from './fake-api'
import type { renderApp } from './render'
import { HOME_ID, PICKUP_ID, makeHomeDelivery, makePickup } from './delivery-data'

/** The checkout tests' shop: a cart of one product and one package, and a server that takes the order. */
export const CUMIN = '11111111-1111-4111-8111-111111111111'
export const BOX = '22222222-2222-4222-8222-222222222222'
export const ORDER = '33333333-3333-4333-8333-333333333333'
export const lines: CartLine[] = [
  { itemId: CUMIN, itemType: 'Product', size: '100 גרם', quantity: 2, price: 12.9 },
  { itemId: BOX, itemType: 'Package', size: 'package', quantity: 1, price: 149 },
]
export const LINK = 'https://pay.example.test/pay/abc'
export const created = () =>
  ok(
    { paymentLink: LINK, order: { _id: ORDER, number: 'TV-1001', totalPrice: 189.8, statusToken: 'tok-1' } },
    201,
  )

/** What `GET /api/delivery` answers for a shop that defined no method of its own. */
export const standardCatalog = {
  methods: [
    {
      _id: 'standard',
      kind: 'delivery',
      name: 'משלוח עד הבית',
      active: true,
      daysMin: 3,
      daysMax: 5,
      freeAbove: null,
      zones: [{ name: '', price: 15, cities: [], everywhereElse: true }],
      pickupAddress: null,
      openingHours: null,
      position: 0,
    },
  ],
  excludedCities: [],
}

export const HOME = HOME_ID
export const PICKUP = PICKUP_ID

/**
 * A shop with its own methods: home delivery (north ₪25 to חיפה and עכו, centre ₪30
 * everywhere else, free from ₪300) and pickup; nothing goes to אילת but pickup.
 */
export const zonedCatalog = {
  methods: [makeHomeDelivery(), makePickup({ active: true })],
  excludedCities: ['אילת'],
}

/** The owner's checkout phone rule as the fake server answers it; `startCheckout` resets it to any phone. */
let checkoutSettings = { mobilePhoneOnly: false }

/** The owner asks for an Israeli mobile at checkout (decision 253). */
export function askForMobilePhone() {
  checkoutSettings = { mobilePhoneOnly: true }
}

function shopApi() {
  return fakeApi({
    'GET /api/config': () => ok(publicConfig),
    'GET /api/shop/checkout': () => ok(checkoutSettings),
    'GET /api/delivery': () => ok(standardCatalog),
    [`GET /api/products/${CUMIN}`]: () => ok(productFixture(CUMIN, 'כמון טחון', 12.9)),
    [`GET /api/packages/${BOX}`]: () => ok(packageFixture(BOX, 'מארז אינג׳רה', 149)),
    'POST /api/orders/generate-sale': created,
    'POST /api/coupons/check': () => fail(422, 'COUPON_UNKNOWN'),
    'GET /api/orders/:id/status': () =>
      ok({
        _id: ORDER,
        orderStatus: 'pending_payment',
        number: 'TV-1001',
        paymentLink: null,
        payableUntil: null,
        isDeclined: false,
      }),
  })
}

export type CheckoutApi = ReturnType<typeof shopApi>
export type WindowOpen = MockInstance<typeof window.open>

/** For `beforeEach`: fills the cart, starts the fake server and stands in for `window.open`. */
export function startCheckout(): { api: CheckoutApi; open: WindowOpen } {
  useCartStore.setState({ lines })
  checkoutSettings = { mobilePhoneOnly: false }
  const api = shopApi()
  // The browser's edge: a tab object whose opener the checkout cuts.
  const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window)
  return { api, open }
}

/** For `afterEach`: undoes `startCheckout` and forgets any pending payment. */
export function endCheckout() {
  vi.restoreAllMocks()
  sessionStorage.clear()
}

type User = ReturnType<typeof renderApp>['user']

export const form = () => screen.getByRole('region', { name: 'פרטי המשלוח' })
export const field = (label: string | RegExp) => within(form()).getByLabelText(label)
export const findField = async (label: string) =>
  within(await screen.findByRole('region', { name: 'פרטי המשלוח' })).getByLabelText(label)

export async function fillValid(user: User) {
  await user.type(await findField('שם פרטי'), 'נועה')
  await user.type(field('שם משפחה'), 'כהן')
  await user.type(field('דוא״ל'), 'noa@example.com')
  await user.type(field(/^טלפון( נייד)?$/), '050-1234567')
  await user.type(field('רחוב'), 'הרצל')
  await user.type(field('מספר בית'), '12')
  await user.type(field('עיר'), 'חיפה')
}

// As a visitor would: the button is clickable once the shop settings and totals are in.
export async function submit(user: User) {
  const button = screen.getByRole('button', { name: 'מעבר לתשלום' })
  await waitFor(() => expect(button).toBeEnabled())
  await user.click(button)
}
export const summary = () => screen.getByRole('region', { name: 'סיכום הזמנה' })
