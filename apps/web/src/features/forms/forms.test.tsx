import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp, renderWithProviders } from '../../testing/render'
import {
  fakeFormApi,
  invalid,
  rateLimited,
  received,
  type FormAnswer,
  type FormCall,
} from '../../testing/fake-form-api'
import { EarlyAdoptersDialog } from './early-adopters-dialog'
import { NewsletterForm } from './newsletter-form'
let calls: FormCall[]
let answers: FormAnswer[]

beforeEach(() => {
  const api = fakeFormApi()
  calls = api.calls
  answers = api.answers
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
    // The consent is recorded only once the mailbox confirms it (issue 33): the thanks says so.
    expect(
      await screen.findByText('כמעט סיימנו! כדי להצטרף לדיוור, לחצו על הקישור ששלחנו לכתובת הדוא״ל שמסרתם.'),
    ).toBeInTheDocument()
    expect(screen.queryByText('נרשמתם בהצלחה! ברוכים הבאים למשפחת תבלין.')).not.toBeInTheDocument()
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

  it('with the consent box ticked, says the consent waits for the link sent to the e-mail', async () => {
    const { user, dialog } = await openDialog()
    await fill(user, dialog)
    await user.click(within(dialog).getByRole('checkbox', { name: /אני מסכים\/ה לקבל מתבלין דיוור שיווקי/ }))
    await user.click(within(dialog).getByRole('button', { name: 'הצטרפות' }))
    expect(
      await screen.findByText(
        'תודה! נרשמתם למאמצים המוקדמים. כדי לקבל מאיתנו דיוור, לחצו על הקישור ששלחנו לדוא״ל.',
      ),
    ).toBeInTheDocument()
    expect(calls[0]!.body).toMatchObject({ data: { marketingConsent: true } })
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
