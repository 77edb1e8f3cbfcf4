import { screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { fakeApi, ok } from '../../testing/fake-api'
import { renderWithProviders } from '../../testing/render'
import { DeletionRequestFormView } from './deletion-request-form'

afterEach(() => vi.restoreAllMocks())

it('tells the visitor the request waits for the link sent to the address (issue 33)', async () => {
  const api = fakeApi({ 'POST /api/privacy/deletion-requests': () => ok({ received: true }, 201) })
  const { user } = renderWithProviders(<DeletionRequestFormView />)
  expect(
    screen.getByText(
      'רוצים שנמחק את המידע שלכם? השאירו את כתובת הדואר האלקטרוני שבה השתמשתם. נשלח אליה קישור לאישור, ונטפל בבקשה בתוך 30 יום מהאישור.',
    ),
  ).toBeInTheDocument()
  await user.type(screen.getByLabelText('דואר אלקטרוני'), 'noa@example.com')
  await user.click(screen.getByRole('button', { name: 'שליחת הבקשה' }))
  expect(await screen.findByRole('status')).toHaveTextContent(
    'שלחנו קישור לאישור לכתובת הדוא״ל שמסרתם. הבקשה תועבר לטיפול רק לאחר שתאשרו אותה, ונטפל בה בתוך 30 יום מהאישור.',
  )
  expect(api.callsTo('POST', '/api/privacy/deletion-requests')[0]!.body).toMatchObject({
    email: 'noa@example.com',
  })
})
