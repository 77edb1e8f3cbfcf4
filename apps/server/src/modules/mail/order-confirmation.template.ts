import { escapeHtml } from '../../lib/html.js'
import type { OrderMailView, RenderedMail } from './mail.templates.js'
import { summaryHtml, summaryText } from './order-summary.template.js'
import { paragraph, shopMailHtml, shopMailText, type ShopBrand } from './shop-mail.layout.js'

/**
 * "אישור הזמנה" (issue 41): the order's lines and totals, when it comes, a button to the
 * order, the receipt when there is one, and the distance-sale disclosure the law requires
 * in writing (disclosure.template.ts), in the shop's layout.
 */
export function renderOrderConfirmation(
  view: OrderMailView,
  brand: ShopBrand,
  disclosure: { html: string; text: string } = { html: '', text: '' },
): RenderedMail {
  const subject = `${brand.shopName}: אישור הזמנה ${view.number}`
  const heading = `תודה, ${view.customerName}! ההזמנה התקבלה`
  const intro = 'התשלום התקבל וההזמנה בטיפול. הנה מה שהזמנת:'
  const delivery = view.delivery?.pickup
    ? `ההזמנה תהיה מוכנה לאיסוף: ${view.deliveryEstimate}`
    : `מועד משלוח משוער: ${view.deliveryEstimate}`
  const button = { label: 'לצפייה בהזמנה', url: view.orderUrl }
  const receipt = view.documentUrl
    ? `<p style="margin:0 0 12px"><a href="${escapeHtml(view.documentUrl)}">לקבלה על התשלום</a></p>`
    : ''
  return {
    subject,
    html: shopMailHtml(brand, {
      heading,
      preview: `${intro} ${delivery}`,
      body: `${paragraph(intro)}${summaryHtml(view)}${paragraph(delivery)}${receipt}`,
      button,
      after: disclosure.html,
    }),
    text: shopMailText(brand, {
      heading,
      lines: [
        intro,
        '',
        ...summaryText(view),
        '',
        delivery,
        ...(view.documentUrl ? [`הקבלה: ${view.documentUrl}`] : []),
      ],
      button,
      after: disclosure.text ? [disclosure.text] : [],
    }),
  }
}
