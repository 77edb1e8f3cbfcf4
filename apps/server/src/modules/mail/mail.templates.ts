import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'
import type { OrderMailView, RenderedMail } from './mail-views.js'
import { summaryHtml, summaryText } from './order-summary.template.js'

export type { OrderMailView, RenderedMail } from './mail-views.js'

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
