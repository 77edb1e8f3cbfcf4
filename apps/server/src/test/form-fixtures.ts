// Visitor-form bodies and request helpers shared by the forms tests.
import { shopToday } from '@tavlin/contracts'
import type { TestContext } from './build-test-app.js'

let ipCounter = 0
/** A new client address per call, so the rate limit only bites where a test wants it to. */
export function freshIp(): string {
  ipCounter += 1
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`
}

export const newsletter = { fullName: 'נועה כהן', email: 'noa@example.com', city: 'חיפה' }
export const earlyAdopter = {
  fullName: 'דוד לוי',
  email: 'david@example.com',
  street: 'הרצל 12',
  city: 'תל אביב',
  phone: '050-1234567',
  birthDate: '1990-05-17',
}
export const eventInquiry = () => ({
  name: 'מיכל',
  email: 'michal@example.com',
  company: 'סטודיו מיכל',
  eventDescription: 'ערב אתיופי ל-40 איש עם סדנת אינג׳רה',
  eventDate: shopToday(new Date(Date.now() + 30 * 86_400_000)),
})
export const contact = {
  name: 'יוסי',
  email: 'yossi@example.com',
  phone: '04-8123456',
  subject: 'משלוח לקיבוץ',
  message: 'שלום,\nהאם אתם שולחים לגליל העליון?',
}

export type FormPath = 'newsletter' | 'early-adapter' | 'event-inquiry' | 'contact'

export function post(ctx: TestContext, form: FormPath, data: unknown, ip = freshIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/users/form/${form}`,
    payload: { data },
    remoteAddress: ip,
  })
}

export function fieldsOf(body: { details?: Array<{ field: string; message: string }> }) {
  return Object.fromEntries((body.details ?? []).map((detail) => [detail.field, detail.message]))
}
