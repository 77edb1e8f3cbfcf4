import { formatShekels, formatShekelsText } from '@tavlin/contracts'
import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'

/** What the order e-mails show; built by the orders service from the committed order. Amounts in shekels. */
export type OrderMailView = {
  orderId: string
  number: string
  customerName: string
  customerEmail: string
  /** The customer's details were erased (decision 201) before the payment came: no one to mail. */
  isCustomerErased?: boolean
  phone: string
  address: string
  /** Entrance, floor and apartment, when the customer gave them (decision 226). */
  addressDetails?: {
    entrance?: string | undefined
    floor?: string | undefined
    apartment?: string | undefined
  }
  notes: string | null
  lines: Array<{ name: string; size: string; quantity: number; unitPrice: number; lineTotal: number }>
  subtotal: number
  /** What the coupon took off (0 without one), and its code. */
  discount?: number
  couponCode?: string | null
  shippingFee: number
  /**
   * How the order goes (decision 228): the method's name with its zone, and for pickup
   * where and when. Absent on orders from before delivery methods: home delivery.
   */
  delivery?: { label: string; pickup: { address: string; openingHours: string } | null }
  vat: number
  total: number
  /** The expected delivery dates, in Hebrew (contracts' formatDeliveryWindow). */
  deliveryEstimate: string
  /** The receipt PayPlus's invoice module issued, when it is on. */
  documentUrl?: string | null
}

export type RenderedMail = { subject: string; html: string; text: string }

export function renderOrderConfirmation(
  view: OrderMailView,
  shopName: string,
  /** The distance-sale disclosure (disclosure.template.ts), after the delivery estimate. */
  disclosure: { html: string; text: string } = { html: '', text: '' },
): RenderedMail {
  const subject = `${shopName}: אישור הזמנה ${view.number}`
  const intro = `שלום ${view.customerName}, תודה על הזמנתך! התשלום התקבל וההזמנה בטיפול.`
  const delivery = view.delivery?.pickup
    ? `ההזמנה תהיה מוכנה לאיסוף: ${view.deliveryEstimate}`
    : `מועד משלוח משוער: ${view.deliveryEstimate}`
  const receipt = view.documentUrl
    ? `<p>הקבלה: <a href="${escapeHtml(view.documentUrl)}" dir="ltr">${escapeHtml(view.documentUrl)}</a></p>`
    : ''
  return {
    subject,
    html: layout(
      subject,
      `<p>${escapeHtmlIsolated(intro)}</p>${summaryHtml(view)}<p>${escapeHtmlIsolated(delivery)}</p>${receipt}${disclosure.html}<p>${escapeHtml(`צוות ${shopName}`)}</p>`,
    ),
    text: [
      intro,
      '',
      ...summaryText(view),
      '',
      delivery,
      ...(view.documentUrl ? [`הקבלה: ${view.documentUrl}`] : []),
      ...(disclosure.text ? ['', disclosure.text] : []),
      '',
      `צוות ${shopName}`,
    ].join('\n'),
  }
}

export function renderNewOrderNotice(view: OrderMailView, shopName: string): RenderedMail {
  const subject = `${shopName}: הזמנה חדשה שולמה ${view.number}`
  const who = `לקוח: ${view.customerName}, ${view.customerEmail}, טלפון ${view.phone}`
  const notes = view.notes ? `הערות: ${view.notes}` : ''
  return {
    subject,
    html: layout(
      subject,
      `<p>${escapeHtmlIsolated(who)}</p>${notes ? `<p>${escapeHtmlIsolated(notes)}</p>` : ''}${summaryHtml(view)}`,
    ),
    text: [who, ...(notes ? [notes] : []), '', ...summaryText(view)].join('\n'),
  }
}

/** A price in markup: the shop's one form, isolated left-to-right inside the Hebrew. */
function price(shekels: number): string {
  return `<bdi dir="ltr">${formatShekels(shekels)}</bdi>`
}

function summaryHtml(view: OrderMailView): string {
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtmlIsolated(line.name)}</td><td>${escapeHtmlIsolated(line.size)}</td><td><bdi dir="ltr">${line.quantity}</bdi></td><td>${price(line.unitPrice)}</td><td>${price(line.lineTotal)}</td></tr>`,
    )
    .join('')
  return `<h2>הזמנה מספר <bdi dir="ltr">${escapeHtml(view.number)}</bdi></h2>
<table>
<thead><tr><th>פריט</th><th>גודל</th><th>כמות</th><th>מחיר ליחידה</th><th>סה״כ</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p>סכום ביניים: ${price(view.subtotal)}<br>${discountHtml(view)}${escapeHtmlIsolated(shippingLabel(view))}: ${price(view.shippingFee)}<br>מתוכם מע״מ: ${price(view.vat)}<br><strong>סה״כ לתשלום: ${price(view.total)}</strong></p>
${placeHtml(view)}`
}

/** The shipping line is named by the method ("משלוח עד הבית – מרכז", "איסוף עצמי"). */
function shippingLabel(view: OrderMailView): string {
  return view.delivery?.label ?? 'משלוח'
}

/** Where the order goes: the customer's address, or for pickup the shop's address and hours. */
function placeLines(view: OrderMailView): { heading: string; lines: string[] } {
  const pickup = view.delivery?.pickup
  if (pickup)
    return { heading: 'איסוף עצמי מ:', lines: [pickup.address, `שעות פתיחה: ${pickup.openingHours}`] }
  return { heading: 'כתובת למשלוח:', lines: [view.address, addressDetailsText(view)].filter(Boolean) }
}

function placeHtml(view: OrderMailView): string {
  const place = placeLines(view)
  return `<h3>${escapeHtml(place.heading.replace(/:$/, ''))}</h3>
<p>${place.lines.map(escapeHtmlIsolated).join('<br>')}</p>`
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

function discountHtml(view: OrderMailView): string {
  if (!view.discount) return ''
  return `${escapeHtmlIsolated(discountLabel(view))}: −${price(view.discount)}<br>`
}

function summaryText(view: OrderMailView): string[] {
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

/** What the shop's notices about visitor messages show (event inquiries, contact form). */
export type VisitorMessageView = {
  kind: 'event-inquiry' | 'contact'
  name: string
  email: string
  /** Label → value lines shown above the message, in order (phone, company, date…). */
  fields: Array<{ label: string; value: string }>
  subject: string
  message: string
  receivedAt: string
}

export function renderVisitorMessageNotice(view: VisitorMessageView, shopName: string): RenderedMail {
  const heading = view.kind === 'event-inquiry' ? 'פנייה חדשה בנושא אירוע' : 'הודעה חדשה מטופס צור קשר'
  const subject = `${shopName}: ${heading} — ${view.subject}`
  const lines = [
    { label: 'שם', value: view.name },
    { label: 'דוא״ל', value: view.email },
    ...view.fields,
    { label: 'התקבל', value: view.receivedAt },
  ]
  const rows = lines
    .map(
      (line) =>
        `<tr><th style="text-align:right">${escapeHtml(line.label)}</th><td><bdi>${escapeHtml(line.value)}</bdi></td></tr>`,
    )
    .join('')
  // The visitor's own line breaks are kept; everything they wrote is escaped.
  const message = escapeHtml(view.message).replaceAll('\n', '<br>')
  return {
    subject,
    html: layout(
      subject,
      `<h2>${escapeHtml(heading)}</h2><table>${rows}</table><h3>ההודעה</h3><p>${message}</p><p>אפשר להשיב ישירות לכתובת <bdi>${escapeHtml(view.email)}</bdi>.</p>`,
    ),
    text: [
      heading,
      '',
      ...lines.map((line) => `${line.label}: ${line.value}`),
      '',
      'ההודעה:',
      view.message,
    ].join('\n'),
  }
}

export type SignInAlertView = {
  email: string
  failures: number
  /** Addresses the failed attempts came from, most recent first (a few at most). */
  addresses: string[]
  at: string
}

/** To an account's owner when its password is being guessed (decision 111). */
export function renderSignInAlert(view: SignInAlertView, shopName: string): RenderedMail {
  const subject = `${shopName}: ניסיונות כניסה כושלים לחשבון שלך`
  const lead = `נרשמו ${view.failures} ניסיונות כניסה כושלים לחשבון ${view.email} (עד ${view.at}).`
  const slow =
    'הכניסה מכתובות שלא נכנסת מהן בעבר מואטת עכשיו; מכתובת שכבר נכנסת ממנה הכניסה עם הסיסמה הנכונה פתוחה כרגיל.'
  const advice =
    // Shoppers get this mail too (issue 22): their way to a new password is the sign-in page.
    'אם לא ניסית להיכנס, כדאי להחליף את הסיסמה: ב"שכחתי סיסמה" בדף הכניסה (בחשבון ניהול: npm run admin -- reset-password, ולבדוק את יומן השרת).'
  const from = view.addresses.length > 0 ? `מהכתובות: ${view.addresses.join(', ')}` : ''
  return {
    subject,
    html: layout(
      subject,
      `<h2>${escapeHtml(subject)}</h2><p><bdi>${escapeHtml(lead)}</bdi></p>` +
        (from ? `<p dir="ltr">${escapeHtml(view.addresses.join(', '))}</p>` : '') +
        `<p>${escapeHtml(slow)}</p><p>${escapeHtml(advice)}</p>`,
    ),
    text: [lead, ...(from ? [from] : []), '', slow, advice].join('\n'),
  }
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body dir="rtl" style="font-family:Arial,sans-serif;text-align:right">${body}</body></html>`
}
