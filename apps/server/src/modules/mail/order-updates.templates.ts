import { formatShekelsText, type CustomerMailStep, type ShipmentTracking } from '@tavlin/contracts'
import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'
import { REFUSALS } from './cancellation.templates.js'
import type { RenderedMail } from './mail.templates.js'
import { lineImageCell, price } from './order-summary.template.js'
import { paragraph, shopMailHtml, shopMailText, type MailButton, type ShopBrand } from './shop-mail.layout.js'

/** The order as every update mail shows it. */
export type OrderUpdateView = {
  orderId: string
  number: string
  customerName: string
  customerEmail: string
  /** The customer's details were erased (decision 201): no one to mail. */
  isCustomerErased: boolean
  /** The order's own page (its status behind its token). */
  orderUrl: string
  lines: Array<{ name: string; size: string; quantity: number; image?: string | null }>
}

/** What happened to the order; each step carries what its mail says. Amounts in shekels. */
export type OrderUpdate =
  | { step: 'shipped'; address: string; tracking: ShipmentTracking | null }
  | { step: 'ready-for-pickup'; pickup: { address: string; openingHours: string } }
  | { step: 'delivered' }
  | { step: 'refund-issued'; refundId: string; amount: number; cardDigits: string | null }
  | {
      step: 'cancellation-approved'
      cancellationId: string
      refund: number
      fee: number
      cardDigits: string | null
    }
  | {
      step: 'cancellation-refused'
      cancellationId: string
      /** Why the law did not require it; null: the shop refused a notice the law allowed. */
      refusal: keyof typeof REFUSALS | null
    }
  | { step: 'payment-failed'; payUrl: string }

/** One piece of a mail: a sentence (its numbers isolated) or a price line. */
type Piece = { text: string; html?: string }

type Content = { subject: string; heading: string; pieces: Piece[]; button: MailButton }

/** "תוך 3–5 ימי עסקים" is what the card companies say (payplus.md §3); the shop cannot promise less. */
/** A notice the law allowed and the owner still refused: the shopper is asked to write back. */
const SHOP_REFUSAL = 'לאחר בדיקה, לא מצאנו שההזמנה עומדת בתנאי הביטול. נשמח לפרט ולעזור בתשובה להודעה זו.'

const REFUND_TIMING = 'הזיכוי יופיע בפירוט החיובים של הכרטיס בדרך כלל תוך 3–5 ימי עסקים, לפי חברת האשראי.'

export function renderOrderUpdate(
  view: OrderUpdateView,
  update: OrderUpdate,
  brand: ShopBrand,
): RenderedMail {
  const { subject, heading, pieces, button } = content(view, update, brand.shopName)
  const greeting = `שלום ${view.customerName},`
  const body = [greeting, ...pieces.map((piece) => piece.text)]
  return {
    subject,
    html: shopMailHtml(brand, {
      heading,
      preview: pieces[0]?.text ?? heading,
      body:
        paragraph(greeting) +
        pieces.map((piece) => piece.html ?? paragraph(piece.text)).join('') +
        linesHtml(view),
      button,
    }),
    text: shopMailText(brand, { heading, lines: [...body, '', ...linesText(view)], button }),
  }
}

/** The outbox key that makes each step one mail (a refund and a cancellation: one per act). */
export function orderUpdateKey(orderId: string, update: OrderUpdate): string {
  const act =
    update.step === 'refund-issued'
      ? `:${update.refundId}`
      : update.step === 'cancellation-approved' || update.step === 'cancellation-refused'
        ? `:${update.cancellationId}`
        : ''
  return `order-update:${orderId}:${update.step}${act}`
}

function content(view: OrderUpdateView, update: OrderUpdate, shopName: string): Content {
  const toOrder = { label: 'לצפייה בהזמנה', url: view.orderUrl }
  const titled = (step: CustomerMailStep, heading: string, pieces: Piece[], button = toOrder): Content => ({
    subject: `${shopName}: ${SUBJECTS[step]} ${view.number}`,
    heading,
    pieces,
    button,
  })
  switch (update.step) {
    case 'shipped':
      return titled('shipped', 'ההזמנה בדרך אליך', [
        { text: `הזמנה ${view.number} יצאה למשלוח לכתובת: ${update.address}.` },
        ...trackingPieces(update.tracking),
      ])
    case 'ready-for-pickup':
      return titled('ready-for-pickup', 'ההזמנה מוכנה לאיסוף', [
        { text: `הזמנה ${view.number} מוכנה ומחכה לך.` },
        { text: `כתובת האיסוף: ${update.pickup.address}` },
        { text: `שעות פתיחה: ${update.pickup.openingHours}` },
        { text: 'כדאי להביא את מספר ההזמנה.' },
      ])
    case 'delivered':
      return titled('delivered', 'ההזמנה נמסרה', [
        { text: `הזמנה ${view.number} נמסרה. בתיאבון!` },
        { text: 'אם משהו חסר או לא תקין, אפשר להשיב להודעה זו ונטפל בזה.' },
      ])
    case 'refund-issued':
      return titled('refund-issued', 'בוצע זיכוי', [
        moneyPiece('סכום הזיכוי', update.amount),
        { text: cardSentence(update.cardDigits) },
        { text: REFUND_TIMING },
      ])
    case 'cancellation-approved':
      return titled('cancellation-approved', 'בקשת הביטול אושרה', [
        { text: `בקשת הביטול של הזמנה ${view.number} אושרה.` },
        moneyPiece('סכום הזיכוי', update.refund),
        ...(update.fee > 0 ? [moneyPiece('דמי ביטול לפי החוק', update.fee)] : []),
        { text: cardSentence(update.cardDigits) },
        { text: REFUND_TIMING },
      ])
    case 'cancellation-refused':
      return titled('cancellation-refused', 'בקשת הביטול לא אושרה', [
        { text: `בקשת הביטול של הזמנה ${view.number} לא אושרה.` },
        { text: `הסיבה: ${update.refusal ? REFUSALS[update.refusal] : SHOP_REFUSAL}` },
        { text: 'לשאלות אפשר להשיב להודעה זו.' },
      ])
    case 'payment-failed':
      return titled(
        'payment-failed',
        'התשלום לא עבר',
        [
          { text: `התשלום על הזמנה ${view.number} לא אושר, וההזמנה עדיין שמורה לך.` },
          { text: 'אפשר לנסות שוב באותה הזמנה, בכרטיס אחר או באמצעי תשלום אחר.' },
        ],
        { label: 'לנסות לשלם שוב', url: update.payUrl },
      )
  }
}

const SUBJECTS: Record<CustomerMailStep, string> = {
  shipped: 'ההזמנה נשלחה',
  'ready-for-pickup': 'ההזמנה מוכנה לאיסוף',
  delivered: 'ההזמנה נמסרה',
  'refund-issued': 'זיכוי להזמנה',
  'cancellation-approved': 'ביטול אושר להזמנה',
  'cancellation-refused': 'ביטול לא אושר להזמנה',
  'payment-failed': 'התשלום לא עבר להזמנה',
}

function moneyPiece(label: string, shekels: number): Piece {
  return {
    text: `${label}: ${formatShekelsText(shekels)}`,
    html: `<p style="margin:0 0 12px">${escapeHtml(label)}: <strong>${price(shekels)}</strong></p>`,
  }
}

function cardSentence(cardDigits: string | null): string {
  return cardDigits
    ? `הזיכוי יוחזר לכרטיס שבו שילמת, המסתיים בספרות ${cardDigits}.`
    : 'הזיכוי יוחזר לאמצעי התשלום שבו שילמת.'
}

/** The courier, the number and a link to the courier's page, when the owner gave them. */
function trackingPieces(tracking: ShipmentTracking | null): Piece[] {
  if (!tracking) return []
  const number = `מספר משלוח: ${tracking.trackingNumber}`
  return [
    { text: `חברת השליחויות: ${tracking.courierName}` },
    { text: number },
    ...(tracking.trackingUrl
      ? [
          {
            text: `למעקב אחרי המשלוח: ${tracking.trackingUrl}`,
            html: `<p style="margin:0 0 12px"><a href="${escapeHtml(tracking.trackingUrl)}" data-tracking-link>למעקב אחרי המשלוח באתר ${escapeHtmlIsolated(tracking.courierName)}</a></p>`,
          },
        ]
      : []),
  ]
}

function linesHtml(view: OrderUpdateView): string {
  const rows = view.lines
    .map(
      (line) =>
        `<tr>${lineImageCell(line.image)}<td style="padding:4px">${escapeHtmlIsolated(line.name)} (${escapeHtmlIsolated(line.size)}) × <bdi dir="ltr">${line.quantity}</bdi></td></tr>`,
    )
    .join('')
  return `<h2 style="font-size:16px;margin:16px 0 4px">בהזמנה</h2><table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 12px">${rows}</table>`
}

function linesText(view: OrderUpdateView): string[] {
  return ['בהזמנה:', ...view.lines.map((line) => `- ${line.name} (${line.size}) × ${line.quantity}`)]
}
