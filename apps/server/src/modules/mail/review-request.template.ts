import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'
import type { RenderedMail } from './mail.templates.js'
import { paragraph, shopMailHtml, shopMailText, type ShopBrand } from './shop-mail.layout.js'

/**
 * "איך היה?" (issue 36, decision 281): some days after an order was delivered, one mail with a
 * single-use link for each item in it. It offers nothing and sells nothing: it asks the buyer's
 * opinion of their own order, so it is a message about the order, not advertising.
 */
export type ReviewRequestView = {
  orderId: string
  number: string
  customerName: string
  email: string
  items: Array<{ name: string; url: string }>
  /** In Hebrew: "30 ימים". */
  validFor: string
}

/** Outbox keys of these mails start with this: their links are wiped from the outbox once sent. */
export const REVIEW_MAIL_KEY_PREFIX = 'review-link:'

export function renderReviewRequest(view: ReviewRequestView, brand: ShopBrand): RenderedMail {
  const subject = `${brand.shopName}: איך היה? ספרו לנו על הזמנה ${view.number}`
  const heading = `שלום ${view.customerName}, איך היה?`
  const intro = `הזמנה ${view.number} הגיעה אליכם לפני כמה ימים. נשמח לשמוע מה דעתכם על מה שקניתם: חוות הדעת שלכם תתפרסם בעמוד המוצר אחרי שנעבור עליה, עם השם הפרטי והאות הראשונה של שם המשפחה בלבד.`
  const terms = `כל קישור מיועד למוצר אחד, בתוקף ${view.validFor} ולשימוש אחד. אפשר גם להתעלם מהודעה זו.`
  const listHtml = view.items
    .map(
      (item) =>
        `<li style="margin:0 0 8px">${escapeHtmlIsolated(item.name)}: <a href="${escapeHtml(item.url)}">כתיבת חוות דעת</a></li>`,
    )
    .join('')
  return {
    subject,
    html: shopMailHtml(brand, {
      heading,
      preview: intro,
      body: `${paragraph(intro)}<ul style="margin:0 0 12px;padding-inline-start:20px">${listHtml}</ul>${paragraph(terms)}`,
    }),
    text: shopMailText(brand, {
      heading,
      lines: [intro, '', ...view.items.map((item) => `${item.name}: ${item.url}`), '', terms],
    }),
  }
}
