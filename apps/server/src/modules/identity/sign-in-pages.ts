/**
 * The provider's own pages (sign-in, sign-out confirmation, errors), rendered
 * on the server: Hebrew, right to left, no script at all, one stylesheet.
 */

export const STYLESHEET_PATH = '/oidc/interaction/assets/sign-in.css'
/** The shop's own icon (served from the web build), so the tab looks like the shop's. */
export const FAVICON_PATH = '/favicon.svg'

export const TEXT = {
  /** The page's heading by where the person is going (the web app's `ui_area`). */
  signInTitle: { admin: 'כניסה לניהול החנות', shop: 'כניסה לחשבון שלי בחנות' },
  guestLead: 'אפשר לקנות גם בלי חשבון: פשוט לחזור לחנות ולהמשיך לקופה.',
  forgotLink: 'שכחתי סיסמה',
  noAccount: 'אין לכם חשבון עדיין?',
  registerLink: 'הרשמה',
  unconfirmed: 'עוד לא אישרתם את כתובת הדוא״ל. יש ללחוץ על הקישור ששלחנו אליכם בדוא״ל, ואז להיכנס.',
  resend: 'שליחת קישור אישור חדש',
  email: 'דוא״ל',
  password: 'סיסמה',
  submit: 'כניסה',
  cancel: 'ביטול וחזרה לחנות',
  wrongCredentials: 'כתובת הדוא״ל או הסיסמה שגויים.',
  missingFields: 'יש למלא דוא״ל וסיסמה.',
  expiredForm: 'פג תוקף הטופס. נא לרענן את הדף ולנסות שוב.',
  tooManyAttempts: (minutes: number) =>
    minutes <= 1
      ? 'יותר מדי ניסיונות כניסה. אפשר לנסות שוב בעוד דקה.'
      : `יותר מדי ניסיונות כניסה. אפשר לנסות שוב בעוד ${minutes} דקות.`,
  logoutTitle: 'יציאה מהחשבון',
  logoutQuestion: 'לצאת מהחשבון?',
  logoutYes: 'כן, לצאת',
  // The shop addresses its visitors in the plural everywhere, never in one gender.
  logoutNo: 'לא, להישאר מחוברים',
  loggedOutTitle: 'יצאתם מהחשבון',
  loggedOut: 'היציאה מהחשבון הצליחה.',
  backToShop: 'חזרה לחנות',
  errorTitle: 'משהו השתבש',
  errorLead: 'לא ניתן היה להשלים את הכניסה. נא לנסות שוב מאוחר יותר.',
  sessionExpired: 'פג תוקף בקשת הכניסה. נא לסגור את החלון ולנסות שוב.',
} as const

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function layout(title: string, shopName: string, body: string): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(shopName)}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
<p class="brand">${escapeHtml(shopName)}</p>
${body}
</main>
</body>
</html>`
}

export type SignInArea = 'admin' | 'shop'

export function signInPage(input: {
  shopName: string
  area: SignInArea
  action: string
  abortAction: string
  /** The interaction's own pages: registration, forgotten password, a new confirmation link. */
  registerUrl: string
  forgotUrl: string
  resendAction: string
  csrfToken: string
  email?: string
  error?: string
  /** The password was right but the address is not confirmed yet: offer a new link. */
  isUnconfirmed?: boolean
}): string {
  const message = input.isUnconfirmed ? TEXT.unconfirmed : input.error
  const error = message ? `<p class="alert" role="alert" id="sign-in-error">${escapeHtml(message)}</p>` : ''
  const described = input.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : ''
  // After a failed attempt the e-mail is filled in again: the password is what to retype.
  const focusEmail = input.email ? '' : ' autofocus'
  const focusPassword = input.email ? ' autofocus' : ''
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(input.csrfToken)}">`
  const resend = input.isUnconfirmed
    ? `<form method="post" action="${escapeHtml(input.resendAction)}">
${csrf}
<input type="hidden" name="email" value="${escapeHtml(input.email ?? '')}">
<button type="submit" class="link">${TEXT.resend}</button>
</form>`
    : ''
  const title = TEXT.signInTitle[input.area]
  // Administrators are made from the command line only: their page offers no sign-up.
  const shopLinks =
    input.area === 'shop'
      ? `<p class="links"><a href="${escapeHtml(input.forgotUrl)}">${TEXT.forgotLink}</a></p>
<p class="links">${TEXT.noAccount} <a href="${escapeHtml(input.registerUrl)}">${TEXT.registerLink}</a></p>`
      : ''
  return layout(
    title,
    input.shopName,
    `<h1>${title}</h1>
${input.area === 'shop' ? `<p class="lead">${TEXT.guestLead}</p>` : ''}
${error}
${resend}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${csrf}
<label for="email">${TEXT.email}</label>
<input id="email" name="email" type="email" dir="ltr" autocomplete="username" required${focusEmail} value="${escapeHtml(input.email ?? '')}"${described}>
<label for="password">${TEXT.password}</label>
<input id="password" name="password" type="password" dir="ltr" autocomplete="current-password" required${focusPassword}${described}>
<button type="submit" class="primary">${TEXT.submit}</button>
</form>
${shopLinks}
<form method="post" action="${escapeHtml(input.abortAction)}">
${csrf}
<button type="submit" class="link">${TEXT.cancel}</button>
</form>`,
  )
}

/** `form` is oidc-provider's hidden form (with its own xsrf field); the buttons submit it. */
export function logoutPage(shopName: string, form: string): string {
  return layout(
    TEXT.logoutTitle,
    shopName,
    `<h1>${TEXT.logoutQuestion}</h1>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout" class="primary">${TEXT.logoutYes}</button>
<button type="submit" form="op.logoutForm" class="link">${TEXT.logoutNo}</button>`,
  )
}

export function loggedOutPage(shopName: string, homeUrl: string): string {
  return layout(
    TEXT.loggedOutTitle,
    shopName,
    `<h1>${TEXT.loggedOutTitle}</h1>
<p class="lead">${TEXT.loggedOut}</p>
<a class="button primary" href="${escapeHtml(homeUrl)}">${TEXT.backToShop}</a>`,
  )
}

/** No provider detail reaches the page: error codes are for the logs. */
export function errorPage(shopName: string, homeUrl: string, message: string = TEXT.errorLead): string {
  return layout(
    TEXT.errorTitle,
    shopName,
    `<h1>${TEXT.errorTitle}</h1>
<p class="lead">${escapeHtml(message)}</p>
<a class="button primary" href="${escapeHtml(homeUrl)}">${TEXT.backToShop}</a>`,
  )
}

/**
 * Content-Security-Policy of these pages: nothing but our stylesheet. Chromium
 * applies form-action to the whole redirect chain after a POST, which ends at
 * the web app, so its origins are listed (TOOLCHAIN G12).
 */
export function pageCsp(webOrigins: readonly string[]): string {
  return `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' ${webOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`
}
