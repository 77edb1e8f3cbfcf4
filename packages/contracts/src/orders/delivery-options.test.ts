import { describe, expect, it } from 'vitest'
import { priceOrder } from '../common/money.js'
import {
  DeliveryMethodInputSchema,
  DeliverySettingsSchema,
  type DeliveryCatalog,
  type DeliveryMethod,
} from './delivery-methods.schemas.js'
import { deliveryOptionOf, deliveryOptionsFor, orderDeliveryOf } from './delivery-options.js'
import { LOCALITIES, findLocality, suggestLocalities } from './localities.js'

const method = (overrides: Partial<DeliveryMethod>): DeliveryMethod => ({
  _id: '00000000-0000-4000-8000-000000000001',
  kind: 'delivery',
  name: 'משלוח עד הבית',
  active: true,
  daysMin: 2,
  daysMax: 4,
  freeAbove: null,
  zones: [],
  pickupAddress: null,
  openingHours: null,
  position: 0,
  ...overrides,
})

const home = method({
  freeAbove: 250,
  zones: [
    { name: 'מרכז', price: 15, cities: ['תל אביב-יפו', 'רמת גן'], everywhereElse: false },
    { name: 'צפון', price: 25, cities: ['חיפה'], everywhereElse: false },
  ],
})
const pickup = method({
  _id: '00000000-0000-4000-8000-000000000002',
  kind: 'pickup',
  name: 'איסוף עצמי',
  daysMin: 1,
  daysMax: 1,
  pickupAddress: 'הרצל 1, תל אביב',
  openingHours: 'א׳–ה׳ 9:00–18:00',
  position: 1,
})
const catalog: DeliveryCatalog = { methods: [home, pickup], excludedCities: ['אילת'] }

describe('deliveryOptionsFor', () => {
  it('prices home delivery by the zone the city is in, and pickup at ₪0', () => {
    const options = deliveryOptionsFor(catalog, 'חיפה')
    expect(options.map((option) => [option.method.name, option.zoneName, option.feeAgorot])).toEqual([
      ['משלוח עד הבית', 'צפון', 2500],
      ['איסוף עצמי', null, 0],
    ])
    expect(options[0]!.freeAboveAgorot).toBe(25_000)
  })

  it('finds the city however it is typed: "תל אביב" and "תל-אביב יפו" are תל אביב-יפו', () => {
    expect(deliveryOptionOf(catalog, home._id, 'תל אביב')?.zoneName).toBe('מרכז')
    expect(deliveryOptionOf(catalog, home._id, 'תל-אביב יפו')?.feeAgorot).toBe(1500)
  })

  it('offers only pickup in a city no zone names, when there is no zone of "everywhere else"', () => {
    expect(deliveryOptionsFor(catalog, 'עכו').map((option) => option.method.kind)).toEqual(['pickup'])
  })

  it('prices every other city by the zone of "everywhere else", but never an excluded city', () => {
    const withRest: DeliveryCatalog = {
      ...catalog,
      methods: [
        method({ zones: [...home.zones, { name: 'שאר הארץ', price: 35, cities: [], everywhereElse: true }] }),
        pickup,
      ],
    }
    expect(deliveryOptionOf(withRest, home._id, 'עכו')).toMatchObject({
      zoneName: 'שאר הארץ',
      feeAgorot: 3500,
    })
    expect(deliveryOptionOf(withRest, home._id, 'חיפה')?.zoneName).toBe('צפון')
    expect(deliveryOptionsFor(withRest, 'אילת').map((option) => option.method.kind)).toEqual(['pickup'])
  })

  it('offers no home delivery to a place that is not an Israeli locality, and skips inactive methods', () => {
    expect(deliveryOptionsFor(catalog, 'Awesome city').map((option) => option.method.kind)).toEqual([
      'pickup',
    ])
    expect(deliveryOptionsFor({ ...catalog, methods: [home, { ...pickup, active: false }] }, 'עכו')).toEqual(
      [],
    )
  })

  it('keeps the method as it was on the order', () => {
    expect(orderDeliveryOf(deliveryOptionOf(catalog, pickup._id, 'חיפה')!)).toEqual({
      methodId: pickup._id,
      kind: 'pickup',
      name: 'איסוף עצמי',
      zoneName: null,
      daysMin: 1,
      daysMax: 1,
      pickupAddress: 'הרצל 1, תל אביב',
      openingHours: 'א׳–ה׳ 9:00–18:00',
    })
  })
})

describe('the free-shipping threshold in priceOrder', () => {
  const line = (unitPriceAgorot: number) => ({ unitPriceAgorot, quantity: 1 })
  const price = (items: number, discount?: { kind: 'fixed'; value: number; freeShipping?: boolean }) =>
    priceOrder({
      lines: [line(items)],
      shippingAgorot: 1500,
      freeShippingAboveAgorot: 25_000,
      vatRate: 0.18,
      ...(discount ? { discount } : {}),
    })

  it('ships free at exactly the threshold, and charges one agora below it', () => {
    expect(price(25_000)).toMatchObject({
      shippingAgorot: 0,
      shippingWaivedBy: 'threshold',
      totalAgorot: 25_000,
    })
    expect(price(24_999)).toMatchObject({ shippingAgorot: 1500, shippingWaivedBy: null, totalAgorot: 26_499 })
  })

  it("compares the items after the coupon's discount", () => {
    expect(price(26_000, { kind: 'fixed', value: 1_001 })).toMatchObject({ shippingAgorot: 1500 })
    expect(price(26_000, { kind: 'fixed', value: 1_000 })).toMatchObject({ shippingAgorot: 0 })
  })

  it("names the coupon when the coupon's free shipping waives the fee", () => {
    expect(price(100, { kind: 'fixed', value: 10, freeShipping: true })).toMatchObject({
      shippingAgorot: 0,
      shippingWaivedBy: 'coupon',
    })
  })
})

describe('DeliveryMethodInputSchema', () => {
  const base = { kind: 'delivery', name: 'שליח', daysMin: 1, daysMax: 3 }
  const messages = (input: unknown) =>
    DeliveryMethodInputSchema.safeParse(input).error?.issues.map((issue) => [
      issue.path.join('.'),
      issue.message,
    ])

  it('accepts a method with zones of known cities and one zone of everywhere else', () => {
    const parsed = DeliveryMethodInputSchema.parse({
      ...base,
      zones: [
        { name: 'מרכז', price: 15, cities: ['רמת גן'] },
        { name: 'שאר הארץ', price: 30, everywhereElse: true },
      ],
    })
    expect(parsed.zones[1]).toEqual({ name: 'שאר הארץ', price: 30, cities: [], everywhereElse: true })
  })

  it('refuses unknown cities, a city in two zones, two zones of everywhere else and no zones', () => {
    expect(messages({ ...base, zones: [] })).toEqual([['zones', 'validation.zonesRequired']])
    expect(
      messages({
        ...base,
        zones: [
          { name: 'א', price: 10, cities: ['רמת גן', 'Gotham'] },
          { name: 'ב', price: 10, cities: ['רמת גן'] },
          { name: 'ג', price: 10, everywhereElse: true },
          { name: 'ד', price: 10, everywhereElse: true },
        ],
      }),
    ).toEqual([
      ['zones.0.cities.1', 'validation.cityUnknown'],
      ['zones.1.cities.0', 'validation.zoneCityTwice'],
      ['zones.3.everywhereElse', 'validation.zoneRestTwice'],
    ])
  })

  it('asks a pickup for its address and hours, and refuses days that run backwards', () => {
    expect(messages({ ...base, kind: 'pickup', daysMin: 4, daysMax: 2 })).toEqual([
      ['daysMax', 'validation.deliveryDaysInvalid'],
      ['pickupAddress', 'validation.pickupAddressRequired'],
      ['openingHours', 'validation.openingHoursRequired'],
    ])
  })

  it('refuses a negative price and a free-shipping threshold of 0', () => {
    expect(
      messages({ ...base, freeAbove: 0, zones: [{ name: 'א', price: -1, everywhereElse: true }] }),
    ).toEqual([
      ['freeAbove', 'validation.deliveryPriceInvalid'],
      ['zones.0.price', 'validation.deliveryPriceInvalid'],
    ])
  })

  it('accepts only localities as excluded cities', () => {
    expect(
      DeliverySettingsSchema.safeParse({ excludedCities: ['אילת', 'Gotham'] }).error?.issues[0]?.path,
    ).toEqual(['excludedCities', 1])
  })
})

describe('the localities list', () => {
  it('holds the CBS list: small places and big cities, each once', () => {
    expect(LOCALITIES.length).toBeGreaterThan(1_200)
    expect(new Set(LOCALITIES).size).toBe(LOCALITIES.length)
    for (const name of ['ירושלים', 'באר שבע', 'כפר ורדים', 'מצפה רמון', 'עין גדי', 'שדה בוקר', 'ראש פינה']) {
      expect(LOCALITIES).toContain(name)
    }
  })

  it('finds a locality by another spelling, a merged name or a former name, and nothing else', () => {
    expect(findLocality('  ירושלים ')).toBe('ירושלים')
    expect(findLocality('תל אביב')).toBe('תל אביב-יפו')
    expect(findLocality('יפו')).toBe('תל אביב-יפו')
    expect(findLocality('תל-אביב – יפו')).toBe('תל אביב-יפו')
    expect(findLocality('נצרת עילית')).toBe('נוף הגליל')
    expect(findLocality('נווה אטי״ב')).toBe('נווה אטי"ב')
    expect(findLocality('Gotham')).toBeNull()
    expect(findLocality('')).toBeNull()
  })

  it('suggests names that start with what is typed first, then names with a word that does', () => {
    expect(suggestLocalities('באר ש')).toEqual(['באר שבע'])
    const suggested = suggestLocalities('פינה', 50)
    // "פינה" itself is no locality's first word: "ראש פינה" comes by its second.
    expect(suggested).toContain('ראש פינה')
    const starts = suggestLocalities('ראש', 50).map((name) => name.startsWith('ראש'))
    expect(starts.slice(0, starts.indexOf(false))).not.toContain(false)
    expect(starts.slice(starts.indexOf(false))).not.toContain(true)
    expect(suggestLocalities('נצרת ע')).toContain('נוף הגליל')
    expect(suggestLocalities('   ')).toEqual([])
  })
})
