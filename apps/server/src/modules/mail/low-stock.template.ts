import { escapeHtml } from '../../lib/html.js'
import { layout, type RenderedMail } from './mail.templates.js'

/** The owner's low-stock e-mail (issue 19, decision 229): what an order took to the threshold or under. */
export type LowStockMailView = {
  /** The order that took the units, e.g. TV-1001. */
  orderNumber: string
  threshold: number
  /** Each count that crossed: the product's name and size, or the package's name (size null). */
  items: Array<{ name: string; size: string | null; left: number }>
}

function label(item: LowStockMailView['items'][number]): string {
  return item.size === null ? item.name : `${item.name} (${item.size})`
}

function leftText(left: number): string {
  return left === 0 ? 'אזל מהמלאי' : `נותרו ${left}`
}

/** `stockUrl`: the admin's stock view, where the count is restocked. */
export function renderLowStock(view: LowStockMailView, shopName: string, stockUrl: string): RenderedMail {
  const [only] = view.items
  const subject =
    view.items.length === 1 && only
      ? `${shopName}: מלאי נמוך — ${label(only)}`
      : `${shopName}: מלאי נמוך ב־${view.items.length} פריטים`
  const lead = `ההזמנה ${view.orderNumber} הביאה את המלאי של ${view.items.length === 1 ? 'הפריט הזה' : 'הפריטים האלה'} לסף המלאי הנמוך (${view.threshold} יחידות) או מתחתיו:`
  const link = 'לעדכון המלאי באזור הניהול:'
  const why = 'המייל נשלח כי בהגדרות המלאי מופעלת שליחת מייל כשפריט מגיע לסף המלאי הנמוך.'
  const rows = view.items
    .map((item) => `<li>${escapeHtml(label(item))}: <strong>${escapeHtml(leftText(item.left))}</strong></li>`)
    .join('')
  return {
    subject,
    html: layout(
      subject,
      `<p>${escapeHtml(lead)}</p><ul>${rows}</ul>` +
        `<p>${escapeHtml(link)} <a href="${escapeHtml(stockUrl)}" dir="ltr">${escapeHtml(stockUrl)}</a></p>` +
        `<p>${escapeHtml(why)}</p>`,
    ),
    text: [
      lead,
      ...view.items.map((item) => `- ${label(item)}: ${leftText(item.left)}`),
      '',
      `${link} ${stockUrl}`,
      '',
      why,
    ].join('\n'),
  }
}
