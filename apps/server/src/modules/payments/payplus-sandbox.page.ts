import { formatShekels } from '@tavlin/contracts'
import { escapeHtml } from '../../lib/html.js'

/** The sandbox's hosted card page: Hebrew, RTL, no script (the shop's CSP allows none inline). */
export type CardFormValues = {
  card_number: string
  card_holder_name: string
  identification_number: string
  expiry_month: string
  expiry_year: string
  cvv: string
  /** Installments chosen, when the page offers them. */
  payments?: string
}

export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>

/** The payment methods a page may offer, as PayPlus names them (payplus.md §1.9). */
export type SandboxMethod = 'credit-card' | 'bit' | 'apple-pay' | 'google-pay'

const WALLET_LABELS: Record<'apple-pay' | 'google-pay', string> = {
  'apple-pay': 'תשלום ב־Apple Pay',
  'google-pay': 'תשלום ב־Google Pay',
}

export function renderCardPage(input: {
  shopName: string
  /** The shop's own order number, or the connection check's title. */
  orderNumber: string
  /** In shekels. */
  amount: number
  /** Where the card form, the Bit button and the wallet buttons post. */
  actions: { card: string; bit: string; wallet: string }
  /** What the link asked for, of what the dashboard switches on; the card form only when it is among them. */
  methods: readonly SandboxMethod[]
  /** The most installments the shopper may choose; 1 hides the field. */
  maxInstallments: number
  /** The sandbox's test card numbers, listed under the card form. */
  testCards: TestCards
  values?: Partial<CardFormValues>
  errors?: CardFormErrors
  notice?: string
}): string {
  const values = input.values ?? {}
  // The shop's one price form, isolated left-to-right so the ₪ stays after the digits.
  const amount = `<bdi dir="ltr">${formatShekels(input.amount)}</bdi>`
  const errors = input.errors ?? {}
  const field = (name: keyof CardFormValues, label: string, attrs: string) => {
    const error = errors[name]
    // The card number and CVV are never echoed back into the page.
    const value = name === 'card_number' || name === 'cvv' ? '' : (values[name] ?? '')
    return `<div class="field">
      <label for="${name}">${label}</label>
      <input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''} required>
      ${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
    </div>`
  }
  const installments = installmentsField(input.maxInstallments, values.payments, errors.payments)
  const cardForm = input.methods.includes('credit-card')
    ? `<form method="post" action="${escapeHtml(input.actions.card)}" novalidate aria-label="תשלום בכרטיס אשראי">
        ${field('card_number', 'מספר כרטיס', 'inputmode="numeric" autocomplete="cc-number" dir="ltr"')}
        ${field('card_holder_name', 'שם בעל הכרטיס', 'autocomplete="cc-name"')}
        ${field('identification_number', 'תעודת זהות של בעל הכרטיס', 'inputmode="numeric" dir="ltr"')}
        <fieldset>
          <legend>תוקף</legend>
          ${field('expiry_month', 'חודש', 'inputmode="numeric" autocomplete="cc-exp-month" dir="ltr" maxlength="2"')}
          ${field('expiry_year', 'שנה', 'inputmode="numeric" autocomplete="cc-exp-year" dir="ltr" maxlength="4"')}
        </fieldset>
        ${field('cvv', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" maxlength="4"')}
        ${installments}
        <button type="submit">תשלום ${amount}</button>
      </form>
      ${testCardsSection(input.testCards)}`
    : ''
  const bit = input.methods.includes('bit')
    ? `<form method="post" action="${escapeHtml(input.actions.bit)}"><button type="submit" class="method">תשלום ב־Bit</button></form>`
    : ''
  const wallets = (['apple-pay', 'google-pay'] as const)
    .filter((method) => input.methods.includes(method))
    .map(
      (method) =>
        `<form method="post" action="${escapeHtml(input.actions.wallet)}"><input type="hidden" name="method" value="${method}"><button type="submit" class="method">${WALLET_LABELS[method]}</button></form>`,
    )
    .join('')
  const others = bit || wallets ? `<div class="methods">${bit}${wallets}</div>` : ''
  return page(
    `תשלום — ${input.shopName}`,
    `<main>
      <p class="sandbox">סביבת בדיקה של PayPlus: לא יתבצע חיוב אמיתי</p>
      <h1>${escapeHtml(input.shopName)}</h1>
      <dl>
        <dt>מספר הזמנה</dt><dd><bdi>${escapeHtml(input.orderNumber)}</bdi></dd>
        <dt>סכום לתשלום</dt><dd>${amount}</dd>
      </dl>
      ${input.notice ? `<p class="error" role="alert">${escapeHtml(input.notice)}</p>` : ''}
      ${others}
      ${cardForm}
    </main>`,
  )
}

/** The installments select, when the page offers more than one payment. */
function installmentsField(max: number, chosen: string | undefined, error: string | undefined): string {
  if (max <= 1) return ''
  const options = Array.from({ length: max }, (_, i) => i + 1)
    .map((n) => `<option value="${n}"${String(n) === (chosen ?? '1') ? ' selected' : ''}>${n}</option>`)
    .join('')
  return `<div class="field">
      <label for="payments">מספר תשלומים</label>
      <select id="payments" name="payments"${error ? ' aria-invalid="true" aria-describedby="payments-error"' : ''}>${options}</select>
      ${error ? `<p class="error" id="payments-error">${escapeHtml(error)}</p>` : ''}
    </div>`
}

export type TestCards = { approved: string; declined: string; split: string }

/**
 * What each test card does, on the page itself: a tester should not need the README to pay.
 * The rest of the form is checked as PayPlus checks it, so a valid ID number is given too.
 */
function testCardsSection(cards: TestCards): string {
  const spaced = (digits: string) =>
    `<bdi dir="ltr" class="nowrap">${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}</bdi>`
  const rows: Array<[string, string]> = [
    [spaced(cards.approved), 'התשלום מאושר'],
    [spaced(cards.declined), 'התשלום נדחה (סירוב של חברת האשראי)'],
    [spaced(cards.split), 'תשלום מפוצל: 40% בכרטיס מועדון והשאר בכרטיס האשראי'],
    ['כל מספר כרטיס תקין אחר', 'התשלום נדחה'],
  ]
  return `<section class="test-cards" aria-labelledby="test-cards-title">
      <h2 id="test-cards-title">כרטיסים לבדיקה</h2>
      <dl>${rows.map(([card, outcome]) => `<dt>${card}</dt><dd>${outcome}</dd>`).join('')}</dl>
      <p>בשאר השדות: כל שם, תעודת זהות תקינה כמו <bdi dir="ltr">000000018</bdi>, תוקף עתידי וכל CVV בן 3 ספרות.</p>
    </section>`
}

/** Bit: the payer approves in the app; the page looks again every two seconds (no script needed). */
export function renderBitWaitingPage(input: {
  shopName: string
  amount: number
  refreshUrl: string
}): string {
  return page(
    `ממתינים לאישור ב־Bit — ${input.shopName}`,
    `<main>
      <p class="sandbox">סביבת בדיקה של PayPlus: לא יתבצע חיוב אמיתי</p>
      <h1>אשרו את התשלום באפליקציית Bit</h1>
      <p role="status">ממתינים לאישור התשלום של <bdi dir="ltr">${formatShekels(input.amount)}</bdi>…</p>
      <p><a href="${escapeHtml(input.refreshUrl)}">בדיקה עכשיו</a></p>
    </main>`,
    `<meta http-equiv="refresh" content="2;url=${escapeHtml(input.refreshUrl)}">`,
  )
}

/**
 * The return by POST, as a page set so in PayPlus's dashboard sends it: a form of the flat
 * parameters, submitted by a script from the sandbox's own address (the shop's CSP allows
 * no inline script), with a button for a browser that runs none.
 */
export function renderReturnForm(input: {
  action: string
  fields: Record<string, string>
  scriptUrl: string
}) {
  const hidden = Object.entries(input.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  return page(
    'חוזרים לאתר…',
    `<main>
      <h1>חוזרים לאתר…</h1>
      <form method="post" action="${escapeHtml(input.action)}" id="payplus-return">${hidden}<button type="submit">חזרה לאתר</button></form>
    </main>
    <script src="${escapeHtml(input.scriptUrl)}"></script>`,
  )
}

/** Served at /sandbox/payplus/return.js: submits the return form as soon as the page loads. */
export const RETURN_SCRIPT = "document.getElementById('payplus-return')?.submit()\n"

export type PageLink = { href: string; label: string }

/** A page that takes no payment; `links` lead back (to the order, the shop), never a dead end. */
export function renderMessagePage(title: string, message: string, links: readonly PageLink[] = []): string {
  const ways = links
    .map((link) => `<a class="way-back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`)
    .join('')
  return page(
    title,
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${ways ? `<nav aria-label="המשך">${ways}</nav>` : ''}</main>`,
  )
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  /* Narrow phones (390 px): every box fits the screen, the two expiry fields share a row
     (a fieldset's min-content width and the inputs' default 20 columns pushed it wider). */
  *, *::before, *::after { box-sizing: border-box; }
  body { font-family: system-ui, sans-serif; background: #f6f3ee; color: #222; margin: 0; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: .75rem; }
  @media (max-width: 30rem) { main { margin: 0; border-radius: 0; padding: 1rem; } }
  .sandbox { background: #fff4d6; padding: .5rem; border-radius: .5rem; font-size: .9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dd { margin: 0; font-weight: 600; }
  .field { margin-block: .75rem; display: flex; flex-direction: column; gap: .25rem; min-width: 0; }
  input { width: 100%; min-width: 0; padding: .5rem; font-size: 1rem; border: 1px solid #999; border-radius: .375rem; }
  input[aria-invalid="true"] { border-color: #b00020; }
  fieldset { border: 0; padding: 0; margin: 0; min-inline-size: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 0 1rem; }
  legend { padding: 0; margin-block-start: .75rem; font-weight: 600; }
  fieldset .field { margin-block: .25rem .75rem; }
  .error { color: #b00020; margin: 0; overflow-wrap: anywhere; }
  button { width: 100%; padding: .75rem; font-size: 1.1rem; background: #2f6b3a; color: #fff; border: 0; border-radius: .5rem; }
  select { width: 100%; padding: .5rem; font-size: 1rem; border: 1px solid #999; border-radius: .375rem; }
  .methods { display: grid; gap: .5rem; margin-block: 1rem; }
  .methods form { margin: 0; }
  button.method { background: #1f2a44; }
  nav { display: grid; gap: .5rem; margin-block-start: 1rem; }
  .way-back { display: block; padding: .75rem; text-align: center; border-radius: .5rem; background: #2f6b3a; color: #fff; text-decoration: none; }
  .way-back + .way-back { background: transparent; color: #2f6b3a; border: 1px solid #2f6b3a; }
  .test-cards { margin-block-start: 1.5rem; border-block-start: 1px solid #ddd; font-size: .95rem; }
  .test-cards h2 { font-size: 1.05rem; }
  .test-cards dd { font-weight: 400; }
  .nowrap { white-space: nowrap; font-weight: 600; }
</style>
</head>
<body>${body}</body>
</html>`
}

/** The simple Hebrew document the sandbox's "invoice module" serves: a receipt or a credit note. */
export function renderDocumentPage(input: {
  kind: 'receipt' | 'credit'
  shopName: string
  number: string
  amount: string
  date: string
  orderNumber: string
}): string {
  const title = input.kind === 'receipt' ? 'קבלה' : 'תעודת זיכוי'
  const rows: Array<[string, string]> = [
    ['עסק', input.shopName],
    ['מספר מסמך', input.number],
    ['הזמנה', input.orderNumber],
    [input.kind === 'receipt' ? 'סכום ששולם' : 'סכום הזיכוי', input.amount],
    ['תאריך', input.date],
  ]
  const list = rows
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd dir="auto">${escapeHtml(value)}</dd>`)
    .join('')
  return page(
    `${title} ${input.number}`,
    `<main><p class="sandbox">מסמך לדוגמה של סביבת הבדיקה, לא מסמך חשבונאי.</p><h1>${escapeHtml(title)} ${escapeHtml(input.number)}</h1><dl>${list}</dl></main>`,
  )
}
