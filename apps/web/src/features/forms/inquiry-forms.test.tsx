import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { renderApp, renderWithProviders } from '../../testing/render'
import {
  fakeFormApi,
  invalid,
  rateLimited,
  type FormAnswer,
  type FormCall,
} from '../../testing/fake-form-api'
import { ContactForm } from './contact-form'
import { EventInquiryForm } from './event-inquiry-form'
let calls: FormCall[]
let answers: FormAnswer[]

beforeEach(() => {
  const api = fakeFormApi()
  calls = api.calls
  answers = api.answers
})
afterEach(() => vi.restoreAllMocks())

describe('event inquiry form', () => {
  const yesterday = shopToday(new Date(Date.now() - 86_400_000))
  const nextMonth = shopToday(new Date(Date.now() + 30 * 86_400_000))
  // Typed as an Israeli visitor writes a date: day/month/year.
  const typed = (iso: string) => iso.split('-').reverse().join('/')

  it('refuses a past date and the empty required fields; company is optional', async () => {
    const { user } = renderWithProviders(<EventInquiryForm />)
    await user.type(screen.getByLabelText('תאריך האירוע'), typed(yesterday))
    await user.click(screen.getByRole('button', { name: 'שליחת הפנייה' }))
    expect(await screen.findByText('תאריך האירוע לא יכול להיות בעבר')).toBeInTheDocument()
    expect(screen.getByText('נא להזין שם')).toBeInTheDocument()
    expect(screen.getByText('נא לתאר את האירוע')).toBeInTheDocument()
    expect(screen.getByLabelText(/חברה או ארגון/)).not.toHaveAttribute('aria-invalid', 'true')
    // Day/month/year whatever the browser's language (a native date control shows mm/dd/yyyy in English).
    expect(screen.getByLabelText('תאריך האירוע')).toHaveAttribute('placeholder', 'יי/חח/שששש')
    expect(screen.getByLabelText('תאריך האירוע')).toHaveAccessibleDescription(
      new RegExp(`^יום/חודש/שנה, למשל 14/05/${new Date().getFullYear() + 1}`),
    )
  })

  async function fill(user: ReturnType<typeof renderWithProviders>['user']) {
    await user.type(screen.getByLabelText('שם'), 'מיכל')
    await user.type(screen.getByLabelText('דוא״ל'), 'michal@example.com')
    await user.type(screen.getByLabelText('תאריך האירוע'), typed(nextMonth))
    await user.type(screen.getByLabelText('תיאור האירוע'), 'ערב טעימות ל-30 איש')
    await user.click(screen.getByRole('button', { name: 'שליחת הפנייה' }))
  }

  it('confirms clearly on success, and can send another', async () => {
    const { user } = renderWithProviders(<EventInquiryForm />)
    await fill(user)
    const confirmation = await screen.findByRole('status')
    expect(within(confirmation).getByRole('heading', { name: 'הפנייה התקבלה, תודה!' })).toHaveFocus()
    expect(calls[0]).toMatchObject({
      url: '/api/users/form/event-inquiry',
      body: {
        data: { name: 'מיכל', eventDate: nextMonth, company: '', eventDescription: 'ערב טעימות ל-30 איש' },
      },
    })
    await user.click(screen.getByRole('button', { name: 'שליחת פנייה נוספת' }))
    expect(screen.getByLabelText('שם')).toHaveValue('')
  })

  it('says to try again later on 429, keeping what was typed', async () => {
    answers.push(rateLimited)
    const { user } = renderWithProviders(<EventInquiryForm />)
    await fill(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('שלחתם כמה פניות ברצף. אנא נסו שוב בעוד דקה.')
    expect(screen.getByLabelText('שם')).toHaveValue('מיכל')
    // Decision 062: no 1/2/4 s retries (spec §8) against a one-minute window — past the first wait, still one call.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)))
    expect(calls).toHaveLength(1)
  })
})

describe('contact page', () => {
  it('shows the business details the footer shows (one source), with a map link', async () => {
    renderApp('/contact')
    expect(await screen.findByRole('heading', { level: 1, name: 'צור קשר' })).toBeInTheDocument()
    const map = await screen.findByRole('link', { name: /פתיחת הכתובת במפות/ })
    expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('רחוב השוק 1, תל אביב-יפו')}`,
    )
    expect(map).toHaveAttribute('target', '_blank')
    // "תל אביב-יפו" never wraps at its hyphen; the phone stays one left-to-right piece.
    const main = screen.getByRole('main')
    expect(within(main).getByText('רחוב השוק 1, תל אביב\u2011יפו')).toBeInTheDocument()
    const phone = within(main).getByRole('link', { name: '03-1234567' })
    expect(phone).toHaveAttribute('href', 'tel:+97231234567')
    expect(within(phone).getByText('03-1234567')).toHaveAttribute('dir', 'ltr')
    expect(within(main).getByRole('link', { name: 'shop@tavlin.example' })).toHaveAttribute(
      'href',
      'mailto:shop@tavlin.example',
    )
    expect(screen.queryByText(/יפו 97|625-1234|kesher@tavlin.test/)).not.toBeInTheDocument()
    expect(screen.getByText('שבת: סגור')).toBeInTheDocument()
    // The opening hours are isolated left to right, so RTL does not draw them as "19:00–9:00".
    expect(screen.getByText('9:00–19:00')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByText('9:00–19:00').closest('li')).toHaveTextContent('ראשון–חמישי: 9:00–19:00')
  })

  it('requires every field, maps server errors back, and confirms a sent message', async () => {
    answers.push(() => invalid('phone', 'validation.phoneInvalid'))
    const { user } = renderWithProviders(<ContactForm />)
    await user.click(screen.getByRole('button', { name: 'שליחת ההודעה' }))
    for (const message of [
      'נא להזין שם',
      'נא להזין כתובת דוא״ל תקינה',
      'נא להזין מספר טלפון',
      'נא להזין נושא',
      'נא לכתוב את ההודעה',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(screen.getByLabelText('שם')).toHaveFocus()

    await user.type(screen.getByLabelText('שם'), 'יוסי')
    await user.type(screen.getByLabelText('דוא״ל'), 'yossi@example.com')
    await user.type(screen.getByLabelText('טלפון'), '04-8123456')
    await user.type(screen.getByLabelText('נושא'), 'משלוח')
    await user.type(screen.getByLabelText('הודעה'), 'שולחים לגליל?')
    await user.click(screen.getByRole('button', { name: 'שליחת ההודעה' }))
    expect(await screen.findByText('נא להזין מספר טלפון תקין, לפחות 9 ספרות')).toBeInTheDocument()
    expect(screen.getByLabelText('טלפון')).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'שליחת ההודעה' }))
    expect(await screen.findByRole('heading', { name: 'ההודעה נשלחה, תודה!' })).toBeInTheDocument()
    expect(calls.at(-1)).toMatchObject({
      url: '/api/users/form/contact',
      body: { data: { subject: 'משלוח', message: 'שולחים לגליל?' } },
    })
  })

  it('shows the server’s refusal of control characters on the field it names (issue 15)', async () => {
    answers.push(() => invalid('subject', 'validation.invalidText'))
    const { user } = renderWithProviders(<ContactForm />)
    await user.type(screen.getByLabelText('שם'), 'יוסי')
    await user.type(screen.getByLabelText('דוא״ל'), 'yossi@example.com')
    await user.type(screen.getByLabelText('טלפון'), '04-8123456')
    await user.type(screen.getByLabelText('נושא'), 'משלוח')
    await user.type(screen.getByLabelText('הודעה'), 'שולחים לגליל?')
    await user.click(screen.getByRole('button', { name: 'שליחת ההודעה' }))
    expect(
      await screen.findByText('הטקסט מכיל תווים לא חוקיים (כמו תווי בקרה). נא להקליד אותו מחדש.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('נושא')).toHaveFocus()
  })
})
