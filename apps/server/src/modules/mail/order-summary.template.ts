import { formatShekels, formatShekelsText } from '@tavlin/contracts'
import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'
import type { OrderMailView } from './mail-views.js'

/** The order's lines, totals and where it goes, as the order e-mails show them. */

/** A price in markup: the shop's one form, isolated left-to-right inside the Hebrew. */
export function price(shekels: number): string {
  return `<bdi dir="ltr">${formatShekels(shekels)}</bdi>`
}

const CELL = 'padding:6px 4px;border-bottom:1px solid #e6d9c6;vertical-align:top'

/** A line's picture, 56 px square, or an empty cell: the columns stay aligned either way. */
export function lineImageCell(image: string | null | undefined): string {
  const picture = image
    ? `<img src="${escapeHtml(image)}" width="56" height="56" alt="" style="display:block;width:56px;height:56px;object-fit:cover;border-radius:4px">`
    : ''
  return `<td style="width:56px;padding:4px 0 4px 8px;vertical-align:top">${picture}</td>`
}

/** The lines as a table that fits 360 px: name and size in one cell, quantity, line total. */
export function summaryHtml(view: OrderMailView): string {
  const pictures = view.lines.some((line) => line.image)
  const rows = view.lines
    .map(
      (line) =>
        `<tr>${pictures ? lineImageCell(line.image) : ''}<td style="${CELL}"><strong>${escapeHtmlIsolated(line.name)}</strong><br><span style="font-size:14px">${escapeHtmlIsolated(line.size)} · ${price(line.unitPrice)} ליחידה</span></td><td style="${CELL};text-align:center"><bdi dir="ltr">${line.quantity}</bdi></td><td style="${CELL};text-align:left;white-space:nowrap">${price(line.lineTotal)}</td></tr>`,
    )
    .join('')
  const total = (label: string, value: string, strong = false) =>
    `<tr><td colspan="${pictures ? 3 : 2}" style="padding:4px">${strong ? `<strong>${label}</strong>` : label}</td><td style="padding:4px;text-align:left;white-space:nowrap">${strong ? `<strong>${value}</strong>` : value}</td></tr>`
  return `<h2 style="font-size:18px;margin:16px 0 8px">הזמנה מספר <bdi dir="ltr">${escapeHtml(view.number)}</bdi></h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px">
<tr>${pictures ? '<th></th>' : ''}<th style="${CELL};text-align:right">פריט</th><th style="${CELL}">כמות</th><th style="${CELL};text-align:left">סה״כ</th></tr>
${rows}
${total('סכום ביניים', price(view.subtotal))}
${view.discount ? total(escapeHtmlIsolated(discountLabel(view)), `−${price(view.discount)}`) : ''}
${total(escapeHtmlIsolated(shippingLabel(view)), price(view.shippingFee))}
${total('מתוכם מע״מ', price(view.vat))}
${total('סה״כ לתשלום', price(view.total), true)}
</table>
${placeHtml(view)}`
}

/** The shipping line is named by the method ("משלוח עד הבית – מרכז", "איסוף עצמי"). */
function shippingLabel(view: OrderMailView): string {
  return view.delivery?.label ?? 'משלוח'
}

/** Where the order goes: the customer's address, or for pickup the shop's address and hours. */
export function placeLines(view: OrderMailView): { heading: string; lines: string[] } {
  const pickup = view.delivery?.pickup
  if (pickup)
    return { heading: 'איסוף עצמי מ:', lines: [pickup.address, `שעות פתיחה: ${pickup.openingHours}`] }
  return { heading: 'כתובת למשלוח:', lines: [view.address, addressDetailsText(view)].filter(Boolean) }
}

export function placeHtml(view: OrderMailView): string {
  const place = placeLines(view)
  return `<h3 style="font-size:16px;margin:16px 0 4px">${escapeHtml(place.heading.replace(/:$/, ''))}</h3>
<p style="margin:0 0 12px">${place.lines.map(escapeHtmlIsolated).join('<br>')}</p>`
}

/** "כניסה ב, קומה 3, דירה 12": the details given, in that order; empty without any. */
function addressDetailsText(view: OrderMailView): string {
  const details = view.addressDetails ?? {}
  return [
    details.entrance ? `כניסה ${details.entrance}` : '',
    details.floor ? `קומה ${details.floor}` : '',
    details.apartment ? `דירה ${details.apartment}` : '',
  ]
    .filter(Boolean)
    .join(', ')
}

/** The coupon's line, e.g. "הנחה (קופון SAVE10)". */
function discountLabel(view: OrderMailView): string {
  return view.couponCode ? `הנחה (קופון ${view.couponCode})` : 'הנחה'
}

export function summaryText(view: OrderMailView): string[] {
  return [
    `הזמנה מספר ${view.number}`,
    ...view.lines.map(
      (line) => `- ${line.name} (${line.size}) × ${line.quantity}: ${formatShekelsText(line.lineTotal)}`,
    ),
    `סכום ביניים: ${formatShekelsText(view.subtotal)}`,
    ...(view.discount ? [`${discountLabel(view)}: −${formatShekelsText(view.discount)}`] : []),
    `${shippingLabel(view)}: ${formatShekelsText(view.shippingFee)}`,
    `מתוכם מע״מ: ${formatShekelsText(view.vat)}`,
    `סה״כ לתשלום: ${formatShekelsText(view.total)}`,
    '',
    placeLines(view).heading,
    ...placeLines(view).lines,
  ]
}
