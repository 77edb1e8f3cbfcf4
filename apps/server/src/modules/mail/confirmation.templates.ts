import { MARKETING_CONSENT_WORDING, type ConfirmationPurpose } from '@tavlin/contracts'
import { escapeHtml } from '../../lib/html.js'
import { layout, type RenderedMail } from './mail.templates.js'

/**
 * The mail that asks a mailbox to confirm what was asked in its name (decision 237). It
 * quotes nothing the sender typed — no name, no message — so a stranger cannot put words
 * under the shop's name into someone else's inbox; only the shop's own text, the order's
 * number and the single-use link.
 */
export type ConfirmationMailView = {
  purpose: ConfirmationPurpose
  email: string
  url: string
  /** In Hebrew: "7 ימים", "48 שעות". */
  validFor: string
  orderNumber: string | null
  /** A stock alert's product and size, from the catalogue (never typed by the sender). */
  itemLabel?: string | null
}

/** Outbox keys of these mails start with this: their links are wiped from the outbox once sent. */
export const CONFIRMATION_MAIL_KEY_PREFIX = 'confirm-link:'

export function renderConfirmationMail(view: ConfirmationMailView, shopName: string): RenderedMail {
  const { subject, before, after } = content(view, shopName)
  const link = `<p><a href="${escapeHtml(view.url)}" dir="ltr">${escapeHtml(view.url)}</a></p>`
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')
  return {
    subject,
    html: layout(
      subject,
      `${paragraphs(before)}${link}${paragraphs(after)}<p>${escapeHtml(`צוות ${shopName}`)}</p>`,
    ),
    text: [...before, view.url, '', ...after, '', `צוות ${shopName}`].join('\n'),
  }
}

function content(
  view: ConfirmationMailView,
  shopName: string,
): { subject: string; before: string[]; after: string[] } {
  const once = `(הקישור בתוקף ${view.validFor} ולשימוש אחד; בעמוד שייפתח יש ללחוץ על כפתור האישור)`
  switch (view.purpose) {
    case 'newsletter':
    case 'early-adapter':
      return {
        subject: `${shopName}: אישור הרשמה לדיוור`,
        before: [
          `התקבלה באתר ${shopName} בקשה לשלוח לכתובת ${view.email} דיוור שיווקי. ההסכמה תירשם רק אם תאשרו אותה בקישור הבא ${once}:`,
        ],
        after: [
          `נוסח ההסכמה: ${MARKETING_CONSENT_WORDING}`,
          'אם לא אתם ביקשתם, אפשר להתעלם מהודעה זו: בלי אישור לא תירשם הסכמה ולא יישלח אליכם דיוור.',
        ],
      }
    case 'deletion':
      return {
        subject: `${shopName}: אישור בקשה למחיקת מידע אישי`,
        before: [
          `התקבלה באתר ${shopName} בקשה למחוק את המידע האישי הקשור לכתובת ${view.email}. הבקשה תועבר לטיפול רק אם תאשרו אותה בקישור הבא ${once}:`,
        ],
        after: ['אם לא אתם ביקשתם, אפשר להתעלם מהודעה זו: שום דבר לא יימחק.'],
      }
    case 'cancellation':
      return {
        subject: `${shopName}: אישור הודעת ביטול להזמנה ${view.orderNumber ?? ''}`.trim(),
        before: [
          `התקבלה באתר ${shopName} הודעת ביטול עסקה להזמנה ${view.orderNumber ?? ''}. כדי שההודעה תימסר לנו, יש לאשר אותה בקישור הבא ${once}:`,
        ],
        after: [
          'הודעת הביטול נמסרת במועד האישור, וממנו נמדדים המועדים שבחוק.',
          'אם לא אתם שלחתם את ההודעה, אפשר להתעלם ממנה: ההזמנה לא תבוטל.',
        ],
      }
    case 'stock-alert':
      return {
        subject: `${shopName}: אישור עדכון כשיחזור למלאי`,
        before: [
          `התקבלה באתר ${shopName} בקשה לשלוח לכתובת ${view.email} הודעה אחת כש${view.itemLabel ?? 'הפריט'} יחזור למלאי. ההודעה תישלח רק אם תאשרו את הבקשה בקישור הבא ${once}:`,
        ],
        after: [
          'זו הודעת שירות אחת בלבד, לא דיוור: אחרי שתישלח לא נשלח עוד על הפריט הזה.',
          'אם לא אתם ביקשתם, אפשר להתעלם מהודעה זו: בלי אישור לא יישלח אליכם דבר.',
        ],
      }
  }
}
