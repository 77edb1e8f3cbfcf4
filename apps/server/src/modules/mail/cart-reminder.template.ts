import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'
import type { RenderedMail } from './mail.templates.js'
import { paragraph, shopMailHtml, shopMailText, type ShopBrand } from './shop-mail.layout.js'

/** The outbox key of a reminder: one per left order (decision 282); its body is wiped once sent. */
export const CART_REMINDER_MAIL_KEY_PREFIX = 'cart-reminder:'

/** A checkout left half-way (issue 36, decision 282): what was in it, the restore link, the way out. */
export type CartReminderMailView = {
  email: string
  firstName: string
  orderNumber: string
  lines: Array<{ name: string; size: string; quantity: number }>
  /** The signed, single-use link that puts the items back in the cart at today's prices. */
  restoreUrl: string
  /** The marketing consent's own unsubscribe link (privacy, decision 201). */
  unsubscribeUrl: string
  /** DD.MM.YYYY: the last day the restore link works. */
  validUntil: string
}

/** The word the law puts first in a marketing subject (Communications Law §30א(ה)). */
const ADVERTISING = 'פרסומת'

/**
 * Marketing under §30א: "פרסומת" first in the subject, the sender's details in the footer and
 * an unsubscribe link in the body and the footer's place. No prices: the restore page shows today's.
 */
export function renderCartReminder(view: CartReminderMailView, brand: ShopBrand): RenderedMail {
  const subject = `${ADVERTISING}: ${brand.shopName} — הסל שלך מחכה`
  const heading = 'הסל שלך מחכה לך'
  const greeting = `שלום ${view.firstName},`
  const lead = `ההזמנה ${view.orderNumber} לא שולמה. אלה המוצרים שבחרת:`
  const prices =
    'בלחיצה על הכפתור המוצרים יחזרו לסל במחירים של היום; מה שאזל או ירד מהמדף יישאר בחוץ, ונכתוב זאת.'
  const valid = `הקישור אישי, לשימוש אחד, ובתוקף עד ${view.validUntil}.`
  const why = 'קיבלת את ההודעה כי הסכמת לקבל מאיתנו דיוור שיווקי. זו התזכורת היחידה על ההזמנה הזו.'
  const leave = 'להסרה מרשימת הדיוור בלחיצה אחת:'
  const footerNote = `פרסומת מ${brand.shopName}, שנשלחה בהסכמתך לדיוור שיווקי.`
  const button = { label: 'החזרת המוצרים לסל', url: view.restoreUrl }
  const lineText = (line: CartReminderMailView['lines'][number]) =>
    `${line.name} (${line.size}) × ${line.quantity}`
  const items = `<ul style="margin:0 0 12px;padding-inline-start:20px">${view.lines
    .map((line) => `<li>${escapeHtmlIsolated(lineText(line))}</li>`)
    .join('')}</ul>`
  const unsubscribe = `<p style="margin:16px 0 0;font-size:14px">${escapeHtml(leave)} <a href="${escapeHtml(view.unsubscribeUrl)}">הסרה מרשימת הדיוור</a></p>`
  return {
    subject,
    html: shopMailHtml(brand, {
      heading,
      preview: lead,
      body: paragraph(greeting) + paragraph(lead) + items + paragraph(prices) + paragraph(valid),
      button,
      after: paragraph(why) + unsubscribe,
      footerNote,
    }),
    text: shopMailText(brand, {
      heading,
      lines: [greeting, lead, ...view.lines.map((line) => `- ${lineText(line)}`), '', prices, valid],
      button,
      after: [why, `${leave} ${view.unsubscribeUrl}`],
      footerNote,
    }),
  }
}
