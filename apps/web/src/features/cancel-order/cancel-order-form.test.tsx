import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-api'
import { renderWithProviders } from '../../testing/render'
import { CancelOrderForm } from './cancel-order-form'

// Issue 33: a notice from anyone but the order's signed-in owner waits for the order's own
// mailbox; the answer tells the visitor which of the two happened, never whether the order exists.
afterEach(() => vi.restoreAllMocks())

async function send(confirmation: 'filed' | 'by-email') {
  const api = fakeApi({ 'POST /api/cancellations': () => ok({ received: true, confirmation }, 202) })
  const { user } = renderWithProviders(<CancelOrderForm />)
  await user.type(screen.getByLabelText('מספר הזמנה'), 'TV-1001')
  await user.type(screen.getByLabelText('דוא״ל או טלפון שמסרתם בהזמנה'), 'noa@example.com')
  await user.click(screen.getByRole('button', { name: 'שליחת הודעת ביטול' }))
  return api
}

describe('the cancellation form', () => {
  it('says a confirmation link went to the order’s e-mail, and that the notice is given on confirming', async () => {
    const api = await send('by-email')
    expect(await screen.findByRole('heading', { name: 'נשלח קישור לאישור' })).toHaveFocus()
    expect(
      screen.getByText(
        'אם הפרטים תואמים הזמנה שלנו, שלחנו לכתובת הדוא״ל שבהזמנה קישור לאישור (בתוקף 48 שעות). הודעת הביטול נמסרת ברגע האישור, ואז נטפל בהחזר תוך 14 יום.',
      ),
    ).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/cancellations')[0]!.body).toMatchObject({ orderNumber: 'TV-1001' })
  })

  it('says the signed-in owner’s notice was given', async () => {
    await send('filed')
    expect(await screen.findByRole('heading', { name: 'הודעת הביטול התקבלה' })).toBeInTheDocument()
    expect(
      screen.getByText('ההודעה נמסרה מהחשבון שלכם. שלחנו אישור לדוא״ל שבהזמנה ונטפל בהחזר תוך 14 יום.'),
    ).toBeInTheDocument()
  })
})
