import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { renderApp, renderWithProviders } from '../../testing/render'
import { publicConfig } from '../../testing/fake-api'
import { ContactForm } from './contact-form'
import { EarlyAdoptersDialog } from './early-adopters-dialog'
import { EventInquiryForm } from './event-inquiry-form'
import { NewsletterForm } from './newsletter-form'

type Call = { url: string; body: unknown }
let calls: Call[] = []
let answers: Array<() => Promise<Response> | Response> = []

const received = () => Response.json({ success: true, data: { received: true } }, { status: 201 })
const rateLimited = () =>
  Response.json(
    { success: false, code: 'RATE_LIMITED', message: 'Too many' },
    { status: 429, headers: { 'Retry-After': '40' } },
  )
const invalid = (field: string, message: string) =>
  Response.json(
    {
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid request',
      details: [{ field: `body.data.${field}`, message }],
    },
    { status: 400 },
  )

beforeEach(() => {
  calls = []
  answers = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // The shop's settings (the contact page's e-mail address) are a read, not a form call.
    if (String(input).endsWith('/api/config')) return Response.json({ success: true, data: publicConfig })
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const next = answers.shift()
    return next ? next() : received()
  })
})
afterEach(() => vi.restoreAllMocks())

describe('newsletter form', () => {
  it('asks for marketing consent with an unticked box, sends the tick, and links the privacy policy', async () => {
    const { user } = renderWithProviders(<NewsletterForm />)
    const consent = screen.getByRole('checkbox', { name: /אני מסכים\/ה לקבל מתבלין דיוור שיווקי \(פרסומת\)/ })
    expect(consent).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'מדיניות הפרטיות' })).toHaveAttribute('href', '/privacy')
    await user.type(screen.getByLabelText('שם מלא'), 'נועה כהן')
    await user.type(screen.getByLabelText('דוא״ל'), 'noa@example.com')
    await user.type(screen.getByLabelText('עיר'), 'חיפה')
    await user.click(consent)
    await user.click(screen.getByRole('button', { name: 'להרשמה' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.body).toMatchObject({ data: { marketingConsent: true } })
  })

  it('shows each rule at its field and focuses the first wrong one, sending nothing', async () => {
    const { user } = renderWithProviders(<NewsletterForm />)
    await user.type(screen.getByLabelText('שם מלא'), 'נו')
    await user.type(screen.getByLabelText('דוא״ל'), 'noa@')
    await user.type(screen.getByLabelText('עיר'), 'א')
    await user.click(screen.getByRole('button', { name: 'להרשמה' }))

    const name = screen.getByLabelText('שם מלא')
    expect(await screen.findByText('השם המלא צריך להכיל לפחות 3 תווים')).toBeInTheDocument()
    expect(screen.getByText('נא להזין כתובת דוא״ל תקינה')).toBeInTheDocument()
    expect(screen.getByText('שם העיר צריך להכיל לפחות 3 תווים')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('השם המלא צריך להכיל לפחות 3 תווים')
    expect(name).toHaveFocus()
    expect(calls).toHaveLength(0)
  })

  it('resets, thanks at once, shows a spinner while sending, and posts { data }', async () => {
    let release: (response: Response) => void = () => {}
    answers.push(() => new Promise((resolve) => (release = resolve)))
    const { user } = renderWithProviders(<NewsletterForm />)
    await user.type(screen.getByLabelText('שם מלא'), 'נועה כהן')
    await user.type(screen.getByLabelText('דוא״ל'), 'noa@example.com')
    await user.type(screen.getByLabelText('עיר'), 'חיפה')
    await user.click(screen.getByRole('button', { name: 'להרשמה' }))

    expect(await screen.findByText('נרשמתם בהצלחה! ברוכים הבאים למשפחת תבלין.')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'טוען…' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'להרשמה' })).not.toBeInTheDocument()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      url: '/api/users/form/newsletter',
      body: {
        data: {
          fullName: 'נועה כהן',
          email: 'noa@example.com',
          city: 'חיפה',
          marketingConsent: false,
          website: '',
        },
      },
    })
    act(() => release(received()))
    expect(await screen.findByLabelText('שם מלא')).toHaveValue('')
  })

  it('reports a later failure with the error toast, and a rate limit as "try again later"', async () => {
    answers.push(
      () => Response.json({ success: false, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
      rateLimited,
    )
    const { user } = renderWithProviders(<NewsletterForm />)
    const subscribe = async () => {
      await user.type(await screen.findByLabelText('שם מלא'), 'נועה כהן')
      await user.type(screen.getByLabelText('דוא״ל'), 'noa@example.com')
      await user.type(screen.getByLabelText('עיר'), 'חיפה')
      await user.click(screen.getByRole('button', { name: 'להרשמה' }))
    }
    await subscribe()
    expect(await screen.findByText('ההרשמה לניוזלטר נכשלה. אנא נסו שוב.')).toBeInTheDocument()
    await subscribe()
    expect(await screen.findByText('שלחתם כמה פניות ברצף. אנא נסו שוב בעוד דקה.')).toBeInTheDocument()
    // A 429 is not retried: the visitor is told at once.
    expect(calls).toHaveLength(2)
  })

  it('sits in the footer of every page', async () => {
    renderApp('/about')
    const footer = await screen.findByRole('contentinfo')
    expect(await within(footer).findByRole('button', { name: 'להרשמה' })).toBeInTheDocument()
  })
})

describe('early adopters dialog', () => {
  async function openDialog() {
    const rendered = renderWithProviders(
      <EarlyAdoptersDialog trigger={<button type="button">הצטרפו</button>} />,
    )
    await rendered.user.click(screen.getByRole('button', { name: 'הצטרפו' }))
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'הצטרפו למאמצים המוקדמים' }) }
  }

  it('shows the field messages and a validation-error toast', async () => {
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText('טלפון'), 'abc')
    await user.type(within(dialog).getByLabelText(/תאריך לידה/), '01/01/2999')
    await user.click(within(dialog).getByRole('button', { name: 'הצטרפות' }))
    expect(await screen.findByText('יש שדות שדורשים תיקון בטופס ההרשמה.')).toBeInTheDocument()
    expect(within(dialog).getByText('נא להזין שם מלא')).toBeInTheDocument()
    expect(within(dialog).getByText('נא להזין כתובת דוא״ל תקינה')).toBeInTheDocument()
    expect(within(dialog).getByText('נא להזין רחוב ומספר בית')).toBeInTheDocument()
    expect(within(dialog).getByText('נא להזין עיר')).toBeInTheDocument()
    expect(within(dialog).getByText('נא להזין מספר טלפון תקין, לפחות 9 ספרות')).toBeInTheDocument()
    expect(within(dialog).getByText('תאריך הלידה לא יכול להיות בעתיד')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('שם מלא')).toHaveFocus()
    expect(calls).toHaveLength(0)
  })

  async function fill(user: Awaited<ReturnType<typeof openDialog>>['user'], dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('שם מלא'), 'דוד לוי')
    await user.type(within(dialog).getByLabelText('דוא״ל'), 'david@example.com')
    await user.type(within(dialog).getByLabelText('טלפון'), '050-1234567')
    await user.type(within(dialog).getByLabelText('רחוב ומספר'), 'הרצל 12')
    await user.type(within(dialog).getByLabelText('עיר'), 'תל אביב')
  }

  it('signs up without a birth date, thanks with a toast and closes', async () => {
    const { user, dialog } = await openDialog()
    await fill(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'הצטרפות' }))
    expect(await screen.findByText('תודה! נרשמתם למאמצים המוקדמים — נהיה בקשר בקרוב.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls[0]).toMatchObject({
      url: '/api/users/form/early-adapter',
      body: { data: { fullName: 'דוד לוי', birthDate: '' } },
    })
  })

  it('puts the server’s field errors on the fields, and shows the error toast otherwise', async () => {
    answers.push(
      () => invalid('email', 'validation.emailInvalid'),
      () => Response.json({}, { status: 503 }),
    )
    const { user, dialog } = await openDialog()
    await fill(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'הצטרפות' }))
    expect(await within(dialog).findByText('נא להזין כתובת דוא״ל תקינה')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('דוא״ל')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText('דוא״ל')).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'הצטרפות' }))
    expect(await screen.findByText('ההרשמה נכשלה. אנא נסו שוב.')).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})

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
    expect(screen.getByLabelText('תאריך האירוע')).toHaveAttribute('placeholder', 'dd/mm/yyyy')
    expect(screen.getByLabelText('תאריך האירוע')).toHaveAccessibleDescription(
      /^יום\/חודש\/שנה, למשל 14\/05\/2026/,
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
  it('shows the shop’s details with a map link', async () => {
    renderApp('/contact')
    expect(await screen.findByRole('heading', { level: 1, name: 'צור קשר' })).toBeInTheDocument()
    const map = screen.getByRole('link', { name: /פתיחת הכתובת במפות/ })
    expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('רחוב יפו 97, ירושלים')}`,
    )
    expect(map).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: '02-625-1234' })).toHaveAttribute('href', 'tel:+97226251234')
    // The address messages really go to: SHOP_EMAIL, from /api/config.
    expect(await screen.findByRole('link', { name: 'kesher@tavlin.test' })).toHaveAttribute(
      'href',
      'mailto:kesher@tavlin.test',
    )
    expect(screen.queryByText('shalom@tavlin.co.il')).not.toBeInTheDocument()
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
