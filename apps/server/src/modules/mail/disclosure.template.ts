import { formatShekelsText, type BusinessDetails } from '@tavlin/contracts'
import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'

/**
 * The written distance-sale disclosure (Consumer Protection Law §14ג, israel-law.md §4)
 * that the order confirmation carries: the business's details, payment terms, delivery
 * time and method, and how to cancel and what it costs. The lines and the total with
 * shipping are in the order summary above it. The 14 days of cancellation start when
 * this reaches the buyer.
 */
export function renderDisclosure(
  details: BusinessDetails,
  publicUrl: string,
): { html: string; text: string } {
  const cancelUrl = new URL('/cancel-order', publicUrl).toString()
  const termsUrl = new URL('/terms', publicUrl).toString()
  const business = `${details.legalName}, ח.פ./ע.מ. ${details.businessNumber}, ${details.address}, טלפון ${details.phone}, דואר אלקטרוני ${details.email}`
  const payment =
    'תנאי תשלום: חיוב מלוא הסכום בכרטיס אשראי או באמצעי התשלום שבחרתם בדף התשלום המאובטח, במועד ההזמנה. כל המחירים כוללים מע״מ.'
  // Written from the delivery methods (issue 35): the same sentences checkout and the terms show.
  const delivery = `דרכי המשלוח וזמני האספקה: ${details.delivery}`
  // The cap in the shop's one form of a price, like every amount in the mail (issue 41).
  const cancel = `ביטול עסקה: ניתן לבטל בתוך 14 יום מקבלת המוצרים או ממסמך זה, המאוחר מביניהם. דמי הביטול: 5% מהמחיר או ${formatShekelsText(100)}, הנמוך מביניהם; ללא דמי ביטול כשהמוצר פגום או אינו תואם את ההזמנה. מוצרים פסידים אינם ניתנים לביטול לאחר שנשלחו.`
  const how = `להודעת ביטול: ${cancelUrl}, בטלפון ${details.phone} או בדואר האלקטרוני ${details.email}. התקנון המלא: ${termsUrl}`
  const html = `<h3>פרטי העסק ותנאי העסקה</h3>
<p>${escapeHtmlIsolated(business)}</p>
<p>${escapeHtmlIsolated(payment)}</p>
<p>${escapeHtmlIsolated(delivery)}</p>
<p>${escapeHtmlIsolated(cancel)}</p>
<p>להודעת ביטול: <a href="${escapeHtml(cancelUrl)}">ביטול עסקה</a>, בטלפון <bdi dir="ltr">${escapeHtml(details.phone)}</bdi> או בדואר האלקטרוני <bdi dir="ltr">${escapeHtml(details.email)}</bdi>. <a href="${escapeHtml(termsUrl)}">התקנון המלא</a>.</p>`
  const text = ['פרטי העסק ותנאי העסקה', business, payment, delivery, cancel, how].join('\n')
  return { html, text }
}
