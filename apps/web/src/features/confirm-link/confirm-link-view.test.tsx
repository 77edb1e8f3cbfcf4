import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, fakeApi, ok } from '../../testing/fake-api'
import { renderWithProviders } from '../../testing/render'
import { ConfirmLinkView } from './confirm-link-view'

// The page an e-mailed confirmation link opens (issue 33): it says what the link is for,
// only its button confirms, and a refused link gets its own Hebrew page.
afterEach(() => vi.restoreAllMocks())

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e.c2VjcmV0LXNlY3JldC0x.bWFj-bWFj-bWFj-bWFj-bWFj'
const preview = (purpose: string, orderNumber: string | null = null) =>
  ok({ purpose, email: 'noa@example.com', orderNumber, expiresAt: '2026-12-31T10:00:00.000Z' })

function open(routes: Parameters<typeof fakeApi>[0], path = `/confirm#${TOKEN}`) {
  const api = fakeApi(routes)
  return { api, ...renderWithProviders(<ConfirmLinkView />, { path }) }
}

describe('the confirm page', () => {
  it('shows what a newsletter link is for, confirms only on the button, and thanks in Hebrew', async () => {
    const { api, user } = open({
      'POST /api/confirmations/preview': () => preview('newsletter'),
      'POST /api/confirmations/confirm': () => ok({ purpose: 'newsletter', orderNumber: null }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'אישור הרשמה לדיוור' })).toBeInTheDocument()
    expect(
      screen.getByText('לחצו על הכפתור כדי לאשר שהכתובת noa@example.com תקבל מתבלין דיוור שיווקי (פרסומת).'),
    ).toBeInTheDocument()
    expect(screen.getByText(/^הקישור בתוקף עד .*, לשימוש אחד\.$/)).toBeInTheDocument()
    // Opening the page (as a mail scanner would) confirmed nothing.
    expect(api.callsTo('POST', '/api/confirmations/confirm')).toHaveLength(0)
    expect(api.callsTo('POST', '/api/confirmations/preview')[0]!.body).toEqual({ token: TOKEN })

    await user.click(screen.getByRole('button', { name: 'אישור ההרשמה לדיוור' }))
    const done = await screen.findByRole('status')
    expect(done).toHaveTextContent('תודה, האישור נרשם')
    expect(done).toHaveTextContent('ההסכמה לדיוור נרשמה. תודה! אפשר להסיר אותה בכל עת בקישור שבכל הודעה.')
    expect(api.callsTo('POST', '/api/confirmations/confirm')[0]!.body).toEqual({ token: TOKEN })
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'תודה, האישור נרשם' })).toHaveFocus(),
    )
  })

  it('names the order of a cancellation notice, and says it was given', async () => {
    const { user } = open({
      'POST /api/confirmations/preview': () => preview('cancellation', 'TV-1001'),
      'POST /api/confirmations/confirm': () => ok({ purpose: 'cancellation', orderNumber: 'TV-1001' }),
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'אישור הודעת ביטול עסקה' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'לחצו על הכפתור כדי למסור לנו את הודעת הביטול להזמנה TV-1001. ההודעה נמסרת ברגע האישור.',
      ),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'אישור הודעת הביטול' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'הודעת הביטול להזמנה TV-1001 נמסרה. שלחנו אישור לדוא״ל ונטפל בהחזר תוך 14 יום.',
    )
  })

  it('confirms a deletion request', async () => {
    const { user } = open({
      'POST /api/confirmations/preview': () => preview('deletion'),
      'POST /api/confirmations/confirm': () => ok({ purpose: 'deletion', orderNumber: null }),
    })
    await user.click(await screen.findByRole('button', { name: 'אישור הבקשה למחיקה' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'הבקשה אושרה והועברה לטיפול. נטפל בה בתוך 30 יום.',
    )
  })

  it.each([
    [410, 'LINK_EXPIRED', 'תוקף הקישור פג', 'אפשר לשלוח את הטופס שוב ולקבל קישור חדש.'],
    [409, 'LINK_USED', 'הקישור כבר שימש', 'האישור כבר נרשם, ואין צורך לאשר שוב.'],
    [
      400,
      'LINK_INVALID',
      'הקישור אינו תקין',
      'ייתכן שהקישור הועתק רק בחלקו. נא לפתוח אותו שוב מתוך ההודעה שקיבלתם.',
    ],
  ])('answers a %s %s with its own Hebrew page and no button', async (status, code, title, text) => {
    open({ 'POST /api/confirmations/preview': () => fail(status, code) })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(title)
    expect(alert).toHaveTextContent(text)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('tells a link used meanwhile (another click, another device) when the button is pressed', async () => {
    const { user } = open({
      'POST /api/confirmations/preview': () => preview('newsletter'),
      'POST /api/confirmations/confirm': () => fail(409, 'LINK_USED'),
    })
    await user.click(await screen.findByRole('button', { name: 'אישור ההרשמה לדיוור' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('הקישור כבר שימש')
  })

  it('asks nothing of the server for an address without a token', async () => {
    const { api } = open({}, '/confirm')
    expect(await screen.findByRole('alert')).toHaveTextContent('הקישור אינו תקין')
    expect(api.calls).toHaveLength(0)
  })
})
