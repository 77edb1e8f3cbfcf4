import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
import { publicConfig } from '../../testing/fake-api'
import { HOME_ID, makeHomeDelivery, makePickup } from '../../testing/delivery-data'
import { renderWithProviders } from '../../testing/render'
import { DeliveryPanel } from './delivery-panel'

afterEach(() => vi.restoreAllMocks())

type User = ReturnType<typeof renderWithProviders>['user']

function formApi(save = ({ body }: { body: unknown }) => ok({ _id: HOME_ID, ...(body as object) }, 201)) {
  return fakeApi({
    'GET /api/config': () => ok(publicConfig),
    'GET /api/admin/delivery': () => ok({ methods: [makePickup()], excludedCities: [] }),
    'POST /api/admin/delivery/methods': save,
  })
}

const zone = (number: number) => screen.getByRole('group', { name: `אזור ${number}` })

async function openNewForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'הוספת אופן משלוח' }))
  expect(screen.getByRole('heading', { name: 'אופן משלוח חדש' })).toBeInTheDocument()
}

async function fillHomeDelivery(user: User) {
  await user.type(screen.getByLabelText('שם'), 'שליח עד הבית')
  await user.type(screen.getByLabelText('ימי עסקים, לפחות'), '2')
  await user.type(screen.getByLabelText('ימי עסקים, לכל היותר'), '4')
  await user.type(screen.getByLabelText('משלוח חינם בהזמנה מעל (₪)'), '300')
  await user.type(within(zone(1)).getByLabelText('שם האזור'), 'צפון')
  await user.type(within(zone(1)).getByLabelText('מחיר (₪)'), '25')
  const cities = within(zone(1)).getByRole('combobox', { name: 'יישובים באזור' })
  await user.type(cities, 'חיפ')
  await user.click(screen.getByRole('option', { name: 'חיפה' }))
  await user.type(cities, 'עכו{Enter}')
  await user.click(screen.getByRole('button', { name: 'הוספת אזור' }))
  await user.type(within(zone(2)).getByLabelText('שם האזור'), 'מרכז')
  await user.type(within(zone(2)).getByLabelText('מחיר (₪)'), '30')
  await user.click(within(zone(2)).getByRole('checkbox', { name: 'כל שאר הארץ' }))
}

describe('the delivery method form', () => {
  it('creates home delivery with two zones: cities picked as chips, and everywhere else', async () => {
    const api = formApi()
    const { user } = renderWithProviders(<DeliveryPanel />)
    await openNewForm(user)
    expect(screen.getByRole('radio', { name: 'משלוח עד הבית' })).toBeChecked()
    await fillHomeDelivery(user)
    expect(within(zone(2)).queryByRole('combobox')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'שמירה' }))

    await waitFor(() => expect(api.callsTo('POST /api/admin/delivery/methods')).toHaveLength(1))
    expect(api.callsTo('POST /api/admin/delivery/methods')[0]?.body).toEqual({
      kind: 'delivery',
      name: 'שליח עד הבית',
      active: true,
      daysMin: 2,
      daysMax: 4,
      freeAbove: 300,
      zones: [
        { name: 'צפון', price: 25, cities: ['חיפה', 'עכו'], everywhereElse: false },
        { name: 'מרכז', price: 30, cities: [], everywhereElse: true },
      ],
      pickupAddress: null,
      openingHours: null,
      position: 0,
    })
    expect(await screen.findByText('אופן המשלוח ״שליח עד הבית״ נשמר.')).toBeInTheDocument()
    expect(await screen.findByRole('rowheader', { name: 'איסוף מהחנות' })).toBeInTheDocument()
  })

  it('checks the draft with the server’s rules before sending, in Hebrew', async () => {
    const api = formApi()
    const { user } = renderWithProviders(<DeliveryPanel />)
    await openNewForm(user)
    await user.type(screen.getByLabelText('ימי עסקים, לפחות'), '61')
    await user.type(screen.getByLabelText('ימי עסקים, לכל היותר'), '2')
    await user.type(within(zone(1)).getByLabelText('מחיר (₪)'), '-3')
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText('נא להזין שם לאופן המשלוח')).toBeInTheDocument()
    const daysInvalid = 'נא להזין מספר ימים שלם בין 0 ל־60; המינימום אינו יכול לעלות על המקסימום.'
    // 61 is too many, and more than the maximum: said at both fields.
    expect(screen.getAllByText(daysInvalid)).toHaveLength(2)
    expect(within(zone(1)).getByText('נא להזין שם לאזור')).toBeInTheDocument()
    expect(
      within(zone(1)).getByText('נא להזין מחיר של 0 ומעלה (עד 10,000), עם שתי ספרות אחרי הנקודה לכל היותר.'),
    ).toBeInTheDocument()

    // Each field right: the rules across fields and zones.
    await user.type(screen.getByLabelText('שם'), 'שליח')
    await user.clear(screen.getByLabelText('ימי עסקים, לפחות'))
    await user.type(screen.getByLabelText('ימי עסקים, לפחות'), '5')
    await user.type(within(zone(1)).getByLabelText('שם האזור'), 'צפון')
    await user.clear(within(zone(1)).getByLabelText('מחיר (₪)'))
    await user.type(within(zone(1)).getByLabelText('מחיר (₪)'), '25')
    await user.click(screen.getByRole('button', { name: 'הוספת אזור' }))
    await user.click(screen.getByRole('button', { name: 'הוספת אזור' }))
    for (const number of [2, 3]) {
      await user.type(within(zone(number)).getByLabelText('שם האזור'), `אזור ${number}`)
      await user.type(within(zone(number)).getByLabelText('מחיר (₪)'), '30')
      await user.click(within(zone(number)).getByRole('checkbox', { name: 'כל שאר הארץ' }))
    }
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(
      await within(zone(1)).findByText('נא לבחור לפחות יישוב אחד לאזור, או לסמן ״כל שאר הארץ״'),
    ).toBeInTheDocument()
    expect(within(zone(3)).getByText('רק אזור אחד יכול לכסות את כל שאר הארץ')).toBeInTheDocument()
    expect(screen.getByLabelText('ימי עסקים, לכל היותר')).toHaveAccessibleDescription(daysInvalid)

    await user.click(screen.getByRole('radio', { name: 'איסוף עצמי' }))
    expect(screen.queryByRole('group', { name: 'אזורי משלוח' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText('נא להזין את כתובת האיסוף')).toBeInTheDocument()
    expect(screen.getByText('נא להזין את שעות הפתיחה')).toBeInTheDocument()
    expect(api.callsTo('POST /api/admin/delivery/methods')).toHaveLength(0)
  })

  it('shows the server’s validation errors on their fields, by path', async () => {
    formApi(() =>
      fail(400, 'VALIDATION_ERROR', 'invalid', [
        { field: 'zones.0.cities.1', message: 'validation.zoneCityTwice' },
        { field: 'body.zones.1.cities', message: 'validation.zoneRestHasCities' },
        { field: 'zones', message: 'validation.zonesRequired' },
        { field: 'zones.0.cities.0', message: 'validation.cityUnknown' },
      ]),
    )
    const { user } = renderWithProviders(<DeliveryPanel />)
    await openNewForm(user)
    await fillHomeDelivery(user)
    await user.click(screen.getByRole('button', { name: 'שמירה' }))

    expect(await within(zone(1)).findByText('חיפה: יש לבחור יישוב מהרשימה')).toBeInTheDocument()
    expect(within(zone(2)).getByText('אזור של ״כל שאר הארץ״ אינו כולל יישובים משלו')).toBeInTheDocument()
    expect(screen.getByText('נא להוסיף לפחות אזור משלוח אחד')).toBeInTheDocument()
    expect(
      await screen.findByText('השמירה נכשלה: חלק מהפרטים אינם תקינים. נא לבדוק ולתקן.'),
    ).toBeInTheDocument()
  })

  it('edits a pickup method; a zone the server refuses for pickup is said there', async () => {
    const api = fakeApi({
      'GET /api/config': () => ok(publicConfig),
      'GET /api/admin/delivery': () =>
        ok({ methods: [makePickup(), makeHomeDelivery()], excludedCities: [] }),
      [`PUT /api/admin/delivery/methods/${makePickup()._id}`]: () =>
        fail(400, 'VALIDATION_ERROR', 'invalid', [
          { field: 'zones', message: 'validation.pickupHasNoZones' },
        ]),
    })
    const { user } = renderWithProviders(<DeliveryPanel />)
    await user.click(await screen.findByRole('button', { name: 'עריכה איסוף מהחנות' }))
    expect(screen.getByRole('heading', { name: 'עריכת ״איסוף מהחנות״' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'איסוף עצמי' })).toBeChecked()
    expect(screen.getByLabelText('כתובת לאיסוף')).toHaveValue('הנביאים 12, ירושלים')
    await user.click(screen.getByRole('checkbox', { name: 'פעיל — מוצע בקופה' }))
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText('לאיסוף עצמי אין אזורי משלוח')).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/admin/delivery/methods/${makePickup()._id}`)[0]?.body).toMatchObject({
      kind: 'pickup',
      active: true,
      zones: [],
      openingHours: 'א׳–ה׳ 9:00–18:00',
    })
  })
})
