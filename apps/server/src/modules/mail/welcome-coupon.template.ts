import { escapeHtml } from '../../lib/html.js'
import type { RenderedMail } from './mail.templates.js'

/** The welcome coupon's e-mail (issue 19): the code, what it gives and until when. */
export type WelcomeCouponMailView = {
  email: string
  code: string
  /** Already in Hebrew, e.g. "10% הנחה" or "הנחה של 20.00 ₪". */
  benefit: string
  /** The last day it is valid, DD/MM/YYYY. */
  validUntil: string
}

export function renderWelcomeCoupon(view: WelcomeCouponMailView, shopName: string): RenderedMail {
  const subject = `${shopName}: קופון ברוכים הבאים`
  const lines = [
    'תודה שנרשמתם לניוזלטר שלנו!',
    `קוד הקופון שלכם: ${view.code}`,
    `הקופון מעניק ${view.benefit} בהזמנה אחת, עד ${view.validUntil} (כולל).`,
    'מקלידים את הקוד בשדה "קוד קופון" בעמוד סיום ההזמנה.',
    `הקופון אישי: הוא תקף בהזמנה עם כתובת הדוא״ל ${view.email}.`,
  ]
  const html = `<div dir="rtl">
<p>${escapeHtml(lines[0]!)}</p>
<p>קוד הקופון שלכם: <strong><bdi dir="ltr">${escapeHtml(view.code)}</bdi></strong></p>
<p>${escapeHtml(lines[2]!)}</p>
<p>${escapeHtml(lines[3]!)}</p>
<p>${escapeHtml(lines[4]!)}</p>
</div>`
  return { subject, html, text: lines.join('\n') }
}
