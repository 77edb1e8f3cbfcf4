import { randomUUID } from 'node:crypto'
import type { HttpFetch, PaymentPage, PaymentPageRequest } from './payment-provider.js'
import { isRecord, str } from './payplus.answers.js'
import { callPayPlus, createPayPlusProvider, type PayPlusSettings } from './payplus.adapter.js'

/**
 * `npm run payplus:check` (issue 32): what only the owner's own PayPlus account can say —
 * which header form it honours, which methods its page offers — tried with a ₪1 link that
 * nobody pays. The requests are the adapter's own; nothing here builds a PayPlus body.
 */
export type CheckSettings = Omit<PayPlusSettings, 'headerForms'> & { publicUrl: string }

const FORMS = [
  { form: 'json', name: 'JSON Authorization header / כותרת Authorization בפורמט JSON' },
  { form: 'pair', name: 'api-key + secret-key headers / כותרות api-key ו-secret-key' },
] as const

/** A ₪1 page, as the checkout would ask for it. */
function oneShekelRequest(publicUrl: string): PaymentPageRequest {
  const base = publicUrl.replace(/\/*$/, '')
  const orderId = `payplus-check-${randomUUID()}`
  return {
    orderId,
    orderNumber: 'CHECK',
    items: [{ name: 'בדיקת חיבור / connection check', quantity: 1, unitPriceAgorot: 100, vat: 'included' }],
    vat: 'included',
    shippingAgorot: 0,
    customer: { name: 'בדיקה', email: 'check@example.com', phone: '0500000000', address: '-', city: '-' },
    urls: {
      success: `${base}/thank-you`,
      failure: `${base}/checkout/payment-pending`,
      callback: `${base}/api/payments/payplus/callback`,
    },
    expiryMinutes: 5,
    methods: ['credit-card'],
    maxInstallments: 1,
  }
}

/** The methods GET PaymentPages/ChargeMethods lists, as names; null when the answer shows none. */
async function pageMethods(settings: PayPlusSettings, http: HttpFetch): Promise<string[] | null> {
  const query = new URLSearchParams({ payment_page_uid: settings.pageUid })
  const { envelope } = await callPayPlus(settings, http, `PaymentPages/ChargeMethods?${query}`)
  const data = envelope.data
  if (envelope.results?.status !== 'success' || !isRecord(data)) return null
  const list = Array.isArray(data.charge_methods) ? data.charge_methods : []
  const names = list.map((one) => (isRecord(one) ? (str(one.method) ?? str(one.name)) : str(one)))
  const found = names.filter((name): name is string => Boolean(name))
  return found.length > 0 ? found : null
}

/** Runs the check; prints through `out`; 0 when a link could be made, 1 otherwise. */
export async function runPayPlusCheck(
  settings: CheckSettings,
  out: (line: string) => void,
  http: HttpFetch = fetch,
): Promise<number> {
  out(`PayPlus: ${settings.apiUrl}`)
  const accepted: Array<{ settings: PayPlusSettings; page: PaymentPage }> = []
  for (const { form, name } of FORMS) {
    const tried: PayPlusSettings = { ...settings, headerForms: form }
    try {
      const page = await createPayPlusProvider(tried, http).createPaymentPage(
        oneShekelRequest(settings.publicUrl),
      )
      accepted.push({ settings: tried, page })
      out(`✔ ${name}: accepted, a ₪1 link was made / התקבלה, נוצר קישור ל-₪1: ${page.paymentLink}`)
    } catch (error) {
      const message = (error as Error).message
      // 401/403: the account does not honour this form; anything else says nothing about it.
      const verdict = /HTTP 40[13]\b/.test(message) ? 'refused / נדחתה' : 'no answer / אין תשובה'
      out(`✘ ${name}: ${verdict} — ${message}`)
    }
  }
  const first = accepted[0]
  if (!first) {
    out(
      '✘ No link could be made: check the keys, the page uid and the address / לא נוצר קישור: בדקו את המפתחות, מזהה הדף והכתובת.',
    )
    return 1
  }
  out(
    accepted.length === FORMS.length
      ? 'The account accepts both header forms; the shop sends both / החשבון מקבל את שתי צורות הכותרות; החנות שולחת את שתיהן.'
      : 'The account accepts one header form; the shop sends both, so it works / החשבון מקבל צורה אחת; החנות שולחת את שתיהן ולכן תעבוד.',
  )
  await reportLookUp(first.settings, first.page, out, http)
  await reportMethods(first.settings, out, http)
  out(
    "? Return method (GET or POST) is set in PayPlus's dashboard and cannot be seen from here; the shop accepts both / " +
      'שיטת החזרה (GET או POST) נקבעת בממשק של PayPlus ואי אפשר לראות אותה מכאן; החנות מקבלת את שתיהן.',
  )
  out('The ₪1 link is never paid and expires in 5 minutes / הקישור ל-₪1 לא משולם ופג תוקפו בתוך 5 דקות.')
  return 0
}

async function reportLookUp(
  settings: PayPlusSettings,
  page: PaymentPage,
  out: (line: string) => void,
  http: HttpFetch,
): Promise<void> {
  try {
    const found = await createPayPlusProvider(settings, http).lookUpTransaction({
      pageRequestUid: page.pageRequestUid,
    })
    out(
      found
        ? `✔ Look-up answered: transaction ${found.transactionUid} / החיפוש ענה.`
        : '✔ Look-up answered: no payment on the new link yet, as expected / החיפוש ענה: אין עדיין תשלום בקישור, כצפוי.',
    )
  } catch (error) {
    out(`✘ Look-up failed / החיפוש נכשל — ${(error as Error).message}`)
  }
}

async function reportMethods(settings: PayPlusSettings, out: (line: string) => void, http: HttpFetch) {
  try {
    const methods = await pageMethods(settings, http)
    out(
      methods
        ? `✔ Payment methods the page offers / אמצעי התשלום שהדף מציע: ${methods.join(', ')}`
        : "? The answer does not show the page's payment methods / התשובה לא מראה את אמצעי התשלום של הדף.",
    )
  } catch (error) {
    out(
      `? The page's payment methods could not be read / לא ניתן לקרוא את אמצעי התשלום — ${(error as Error).message}`,
    )
  }
}
