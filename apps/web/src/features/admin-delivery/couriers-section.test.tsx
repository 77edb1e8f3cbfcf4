import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { CouriersSection } from './couriers-section'

afterEach(() => vi.restoreAllMocks())

const ISRAEL_POST = {
  _id: '77777777-7777-4777-8777-777777777777',
  name: 'דואר ישראל',
  urlPattern: 'https://mypost.israelpost.co.il/itemtrace?itemcode={number}',
}

describe('the couriers list (issue 41)', () => {
  it('lists the couriers and refuses an address that is not https or has no {number}, in Hebrew', async () => {
    const api = fakeApi({ 'GET /api/admin/couriers': () => ok([ISRAEL_POST]) })
    const { user } = renderWithProviders(<CouriersSection />)
    expect(await screen.findByText('דואר ישראל')).toBeInTheDocument()
    await user.type(screen.getByLabelText('שם החברה'), 'HFD')
    const address = screen.getByLabelText('כתובת דף המעקב')
    await user.type(address, 'http://hfd.co.il/t/{{number}')
    await user.click(screen.getByRole('button', { name: 'הוספת חברה' }))
    expect(await screen.findByText('נא להזין כתובת מלאה שמתחילה ב־https://')).toBeInTheDocument()
    await user.clear(address)
    await user.type(address, 'https://hfd.co.il/t/')
    await user.click(screen.getByRole('button', { name: 'הוספת חברה' }))
    expect(
      await screen.findByText('הכתובת צריכה להכיל פעם אחת את {number} במקום מספר המעקב'),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /api/admin/couriers')).toHaveLength(0)
  })

  it('adds a courier, says a taken name in Hebrew, and removes one after confirming', async () => {
    const api = fakeApi({
      'GET /api/admin/couriers': () => ok([ISRAEL_POST]),
      'POST /api/admin/couriers': () => fail(409, 'COURIER_NAME_TAKEN', 'Another courier has this name'),
      [`DELETE /api/admin/couriers/${ISRAEL_POST._id}`]: () => ok({ _id: ISRAEL_POST._id }),
    })
    const { user } = renderWithProviders(<CouriersSection />)
    await screen.findByText('דואר ישראל')
    await user.type(screen.getByLabelText('שם החברה'), 'דואר ישראל')
    await user.type(screen.getByLabelText('כתובת דף המעקב'), 'https://example.test/?n={{number}')
    await user.click(screen.getByRole('button', { name: 'הוספת חברה' }))
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/couriers')[0]?.body).toEqual({
        name: 'דואר ישראל',
        urlPattern: 'https://example.test/?n={number}',
      }),
    )
    expect(await screen.findByText(/כבר יש חברת שליחויות בשם הזה/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'מחיקה דואר ישראל' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: /מחיקה|אישור/ }))
    await waitFor(() => expect(api.callsTo(`DELETE /api/admin/couriers/${ISRAEL_POST._id}`)).toHaveLength(1))
  })
})
