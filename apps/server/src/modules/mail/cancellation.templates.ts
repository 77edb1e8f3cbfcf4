import { formatShekels, formatShekelsText } from '@tavlin/contracts'
import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'
import { withoutLinks } from '../../lib/links-in-text.js'
import { layout, type RenderedMail } from './mail.templates.js'

/** A cancellation notice as the mails show it; amounts in shekels. */
export type CancellationMailView = {
  orderNumber: string
  customerName: string
  customerEmail: string
  /** What the sender typed: never in the buyer's mail, and in the shop's without links (decision 238). */
  message: string | null
  isDefect: boolean
  /** null when the law allows the cancellation; otherwise why not. */
  refusal: 'status' | 'window' | 'perishable' | null
  refund: number
  fee: number
  isPartial: boolean
  /** How the sender was known to be the buyer (decision 238). */
  confirmedBy?: 'account' | 'email'
}

const CONFIRMED_BY = {
  account: 'נשלחה מהחשבון המחובר של בעל/ת ההזמנה.',
  email: 'אושרה בקישור שנשלח לכתובת הדוא״ל של ההזמנה.',
} as const

export const REFUSALS = {
  status: 'ההזמנה אינה במצב שאפשר לבטל בו (לא שולמה, או שכבר בוטלה והוחזרה).',
  window: 'עברו 14 הימים שהחוק נותן לביטול מאז המסירה ומסמך הגילוי.',
  perishable: 'ההזמנה כוללת רק מוצרים פסידים שכבר נשלחו, ואותם החוק אינו מאפשר לבטל.',
} as const

/** What the law allows, in one sentence the buyer reads. */
function outcome(view: CancellationMailView): string {
  if (view.refusal) return `לפי החוק לא ניתן לבטל את העסקה: ${REFUSALS[view.refusal]} נחזור אליך בהקדם.`
  const fee = view.fee > 0 ? `בניכוי דמי ביטול של ${formatShekelsText(view.fee)}` : 'ללא דמי ביטול'
  const partial = view.isPartial ? ' (ללא מוצרים פסידים שכבר נשלחו ודמי המשלוח)' : ''
  return `לאחר אישור נחזיר ${formatShekelsText(view.refund)}${partial}, ${fee}, לאמצעי התשלום, בתוך 14 ימים.`
}

export function renderCancellationReceived(
  view: CancellationMailView,
  shopName: string,
): { toBuyer: RenderedMail; toShop: RenderedMail } {
  const subject = `${shopName}: קיבלנו את בקשת הביטול להזמנה ${view.orderNumber}`
  const intro = `שלום ${view.customerName}, קיבלנו את הודעת הביטול שלך להזמנה ${view.orderNumber}.`
  const result = outcome(view)
  // The buyer's mail quotes nothing the sender typed: the sender need not be the buyer
  // (issue 33), and the buyer knows what they wrote. The shop reads it without links.
  const reason = view.message ? `הסיבה שנמסרה: ${withoutLinks(view.message)}` : ''
  const noticeSubject = `${shopName}: בקשת ביטול להזמנה ${view.orderNumber}`
  const notice = [
    `${view.customerName} (${view.customerEmail}) ביקש/ה לבטל את הזמנה ${view.orderNumber}.`,
    view.confirmedBy ? CONFIRMED_BY[view.confirmedBy] : '',
    view.isDefect ? 'דווח על פגם או אי התאמה: ללא דמי ביטול.' : '',
    reason,
    view.refusal ? `לא מותר לפי החוק: ${REFUSALS[view.refusal]}` : `להחזר: ${formatShekelsText(view.refund)}`,
    'האישור וההחזר נעשים בתיבת בקשות הביטול באזור הניהול.',
  ].filter(Boolean)
  return {
    toBuyer: {
      subject,
      html: layout(
        subject,
        `<p>${escapeHtmlIsolated(intro)}</p><p>${escapeHtml(result).replace(
          formatShekelsText(view.refund),
          `<bdi dir="ltr">${formatShekels(view.refund)}</bdi>`,
        )}</p><p>${escapeHtml(`צוות ${shopName}`)}</p>`,
      ),
      text: [intro, '', result, '', `צוות ${shopName}`].join('\n'),
    },
    toShop: {
      subject: noticeSubject,
      html: layout(noticeSubject, notice.map((line) => `<p>${escapeHtmlIsolated(line)}</p>`).join('')),
      text: notice.join('\n'),
    },
  }
}
