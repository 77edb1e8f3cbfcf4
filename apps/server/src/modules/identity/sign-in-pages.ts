/**
 * The provider's own pages (sign-in, sign-out confirmation, errors), rendered
 * on the server: Hebrew, right to left, no script at all, one stylesheet.
 */

export const STYLESHEET_PATH = '/oidc/interaction/assets/sign-in.css'
/** The shop's own icon (served from the web build), so the tab looks like the shop's. */
export const FAVICON_PATH = '/favicon.svg'

export const TEXT = {
  signInTitle: 'כניסה לחשבון',
  signInLead: 'כניסה לניהול החנות',
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

function layout(title: string, shopName: string, body: string): string {
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

export function signInPage(input: {
  shopName: string
  action: string
  abortAction: string
  csrfToken: string
  email?: string
  error?: string
}): string {
  const error = input.error
    ? `<p class="alert" role="alert" id="sign-in-error">${escapeHtml(input.error)}</p>`
    : ''
  const described = input.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : ''
  // After a failed attempt the e-mail is filled in again: the password is what to retype.
  const focusEmail = input.email ? '' : ' autofocus'
  const focusPassword = input.email ? ' autofocus' : ''
  return layout(
    TEXT.signInTitle,
    input.shopName,
    `<h1>${TEXT.signInTitle}</h1>
<p class="lead">${TEXT.signInLead}</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(input.csrfToken)}">
<label for="email">${TEXT.email}</label>
<input id="email" name="email" type="email" dir="ltr" autocomplete="username" required${focusEmail} value="${escapeHtml(input.email ?? '')}"${described}>
<label for="password">${TEXT.password}</label>
<input id="password" name="password" type="password" dir="ltr" autocomplete="current-password" required${focusPassword}${described}>
<button type="submit" class="primary">${TEXT.submit}</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrfToken)}">
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
