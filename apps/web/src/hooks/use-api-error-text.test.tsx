import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-error'
import { renderWithProviders } from '../testing/render'
import { useApiErrorText } from './use-api-error-text'

function Shown({ error }: { error: unknown }) {
  const text = useApiErrorText()
  return <p>{text(error)}</p>
}

const apiError = (code: ApiError['code']) => new ApiError({ status: 400, code, message: 'Invalid request' })

describe('Hebrew text of a failed call (DESIGN §5)', () => {
  it.each([
    ['VALIDATION_ERROR', 'חלק מהפרטים אינם תקינים. נא לבדוק ולתקן.'],
    ['UNAUTHORIZED', 'החיבור פג. נא להתחבר שוב.'],
    ['FORBIDDEN', 'אין לך הרשאה לפעולה הזו.'],
    ['NOT_FOUND', 'הפריט לא נמצא. ייתכן שנמחק.'],
    ['CONFLICT', 'הפריט השתנה בינתיים. נא לרענן ולנסות שוב.'],
    ['INVALID_STATUS_TRANSITION', 'אי אפשר להעביר את ההזמנה לסטטוס הזה.'],
    ['PRICE_CHANGED', 'המחירים השתנו בינתיים. נא לרענן ולנסות שוב.'],
    ['PAYLOAD_TOO_LARGE', 'הבקשה גדולה מדי.'],
    ['UNSUPPORTED_MEDIA_TYPE', 'סוג הקובץ או התוכן אינו נתמך.'],
    ['RATE_LIMITED', 'נשלחו יותר מדי בקשות. נא לנסות שוב בעוד דקה.'],
    ['PAYMENT_PROVIDER_ERROR', 'ספק התשלומים אינו זמין כרגע. נא לנסות שוב מאוחר יותר.'],
    ['SERVICE_UNAVAILABLE', 'השירות אינו זמין כרגע. נא לנסות שוב בעוד רגע.'],
    ['INTERNAL_ERROR', 'אירעה שגיאה בשרת. נא לנסות שוב מאוחר יותר.'],
    ['NETWORK_ERROR', 'אין חיבור לשרת. נא לבדוק את החיבור לאינטרנט.'],
    ['TIMEOUT', 'השרת לא ענה בזמן. נא לנסות שוב.'],
    ['INVALID_RESPONSE', 'התקבלה מהשרת תשובה לא צפויה.'],
  ] as const)('%s reads in Hebrew, never the server text', (code, hebrew) => {
    renderWithProviders(<Shown error={apiError(code)} />)
    expect(screen.getByText(hebrew)).toBeInTheDocument()
    expect(screen.queryByText(/Invalid request/)).not.toBeInTheDocument()
  })

  it('anything else is the generic error', () => {
    renderWithProviders(<Shown error={new Error('Sign-in required')} />)
    expect(screen.getByText('אירעה שגיאה. אנא נסו שוב.')).toBeInTheDocument()
  })
})
