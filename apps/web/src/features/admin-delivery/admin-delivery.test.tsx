import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-admin-api'
import { publicConfig } from '../../testing/fake-api'
import { HOME_ID, makeHomeDelivery, makePickup } from '../../testing/delivery-data'
import { renderWithProviders } from '../../testing/render'
import { DeliveryPanel } from './delivery-panel'

afterEach(() => vi.restoreAllMocks())

function deliveryApi(methods = [makeHomeDelivery(), makePickup()], excludedCities = ['אילת']) {
  return fakeApi({
    'GET /api/config': () => ok(publicConfig),
    'GET /api/admin/delivery': () => ok({ methods, excludedCities }),
    [`DELETE /api/admin/delivery/methods/${HOME_ID}`]: () => ok({ _id: HOME_ID }),
    'PUT /api/admin/delivery/settings': ({ body }) => ok(body),
  })
}

describe('the admin delivery section', () => {
  it('lists each method with its kind, zones and prices, threshold, days and state', async () => {
    deliveryApi()
    renderWithProviders(<DeliveryPanel />)
    const home = (await screen.findByRole('rowheader', { name: 'שליח עד הבית' })).closest('tr')!
    expect(within(home).getByText('משלוח עד הבית')).toBeInTheDocument()
    expect(within(home).getByText('צפון: 25.00 ₪ · שני יישובים')).toBeInTheDocument()
    expect(within(home).getByText('מרכז: 30.00 ₪ · כל שאר הארץ')).toBeInTheDocument()
    expect(within(home).getByText('300.00 ₪')).toBeInTheDocument()
    expect(within(home).getByText('2–4 ימי עסקים')).toBeInTheDocument()
    expect(within(home).getByText('כן')).toBeInTheDocument()
    const pickup = screen.getByRole('rowheader', { name: 'איסוף מהחנות' }).closest('tr')!
    expect(within(pickup).getByText('איסוף עצמי')).toBeInTheDocument()
    expect(within(pickup).getByText('הנביאים 12, ירושלים')).toBeInTheDocument()
    expect(within(pickup).getByText('יום עסקים אחד')).toBeInTheDocument()
    expect(within(pickup).getByText('לא')).toBeInTheDocument()
    expect(
      await screen.findByText('כל עוד אין אופן משלוח פעיל, החנות גובה דמי משלוח קבועים של 15.00 ₪ לכל הארץ.'),
    ).toBeInTheDocument()
  })

  it('says when there is no method yet', async () => {
    deliveryApi([], [])
    renderWithProviders(<DeliveryPanel />)
    expect(await screen.findByText('עדיין לא הוגדרו אופני משלוח.')).toBeInTheDocument()
  })

  it('deletes a method after the confirmation', async () => {
    const api = deliveryApi()
    const { user } = renderWithProviders(<DeliveryPanel />)
    await user.click(await screen.findByRole('button', { name: 'מחיקה שליח עד הבית' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'אישור מחיקה' })
    expect(dialog).toHaveTextContent('האם למחוק את "שליח עד הבית"?')
    await user.click(within(dialog).getByRole('button', { name: 'מחיקה' }))
    await waitFor(() => expect(api.callsTo(`DELETE /api/admin/delivery/methods/${HOME_ID}`)).toHaveLength(1))
    expect(await screen.findByText('אופן המשלוח ״שליח עד הבית״ נמחק.')).toBeInTheDocument()
  })

  it('keeps the cities without delivery, picked from the locality list', async () => {
    const api = deliveryApi()
    const { user } = renderWithProviders(<DeliveryPanel />)
    const section = await screen.findByRole('group', { name: 'יישובים שאין אליהם משלוח' })
    const chosen = within(section).getByRole('list', { name: 'יישוב שאין אליו משלוח: היישובים שנבחרו' })
    expect(within(chosen).getByText('אילת')).toBeInTheDocument()
    await user.type(within(section).getByRole('combobox', { name: 'יישוב שאין אליו משלוח' }), 'עכו{Enter}')
    await user.click(within(section).getByRole('button', { name: 'הסרת אילת' }))
    await user.click(within(section).getByRole('button', { name: 'שמירת הרשימה' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/delivery/settings')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/delivery/settings')[0]?.body).toEqual({ excludedCities: ['עכו'] })
    expect(await screen.findByText('רשימת היישובים שאין אליהם משלוח נשמרה.')).toBeInTheDocument()
  })
})
