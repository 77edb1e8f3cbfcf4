import { escapeHtml, layout } from './sign-in-pages.js'
import { MIN_PASSWORD_LENGTH } from './accounts.service.js'
import type { RegistrationProblem } from './shopper-accounts.service.js'

/**
 * The built-in provider's shopper pages (decision 231): registration, forgotten password,
 * and the pages the e-mailed links open. Like the sign-in page: Hebrew, no script.
 */
export const ACCOUNT_TEXT = {
  registerTitle: 'הרשמה לחשבון בחנות',
  firstName: 'שם פרטי',
  lastName: 'שם משפחה',
  email: 'דוא״ל',
  password: 'סיסמה',
  passwordAgain: 'הסיסמה שוב',
  passwordHint: `לפחות ${MIN_PASSWORD_LENGTH} תווים. משפט קצר שקל לזכור הוא סיסמה טובה.`,
  register: 'הרשמה',
  backToSignIn: 'חזרה לכניסה',
  forgotTitle: 'שכחתי סיסמה',
  forgotLead: 'נשלח קישור לקביעת סיסמה חדשה לכתובת הדוא״ל של החשבון.',
  sendLink: 'שליחת קישור',
  checkMailTitle: 'בדקו את תיבת הדואר',
  registered:
    'אם הכתובת לא רשומה אצלנו, שלחנו אליה קישור לאישור ההרשמה (בתוקף 24 שעות). אחרי האישור אפשר להיכנס. אם הכתובת כבר רשומה, שלחנו אליה הסבר איך להיכנס.',
  resent: 'אם לכתובת יש חשבון שמחכה לאישור, שלחנו אליה קישור אישור חדש (בתוקף 24 שעות).',
  resetSent: 'אם לכתובת יש חשבון, שלחנו אליה קישור לקביעת סיסמה חדשה (בתוקף שעה).',
  confirmTitle: 'אישור כתובת הדוא״ל',
  confirmLead: 'נשאר רק ללחוץ על הכפתור, והחשבון מוכן.',
  confirm: 'אישור הכתובת',
  confirmedTitle: 'כתובת הדוא״ל אושרה',
  confirmed: 'תודה! החשבון מוכן, ואפשר להיכנס אליו.',
  toAccount: 'להתחברות',
  invalidLinkTitle: 'הקישור אינו בתוקף',
  invalidConfirm:
    'הקישור כבר שימש או שפג תוקפו. אם כבר אישרתם את הכתובת, פשוט היכנסו. אחרת, בדף הכניסה, אחרי הקלדת הדוא״ל והסיסמה, אפשר לבקש קישור אישור חדש.',
  invalidReset: 'הקישור לקביעת סיסמה כבר שימש או שפג תוקפו. אפשר לבקש קישור חדש ב"שכחתי סיסמה" בדף הכניסה.',
  resetTitle: 'קביעת סיסמה חדשה',
  resetFor: (email: string) => `סיסמה חדשה לחשבון ${email}`,
  savePassword: 'שמירת הסיסמה',
  resetDoneTitle: 'הסיסמה נשמרה',
  resetDone: 'הסיסמה החדשה נשמרה, ויצאנו מהחשבון בכל המכשירים. אפשר להיכנס עם הסיסמה החדשה.',
  tooMany: (minutes: number) =>
    minutes <= 1
      ? 'יותר מדי בקשות. אפשר לנסות שוב בעוד דקה.'
      : `יותר מדי בקשות. אפשר לנסות שוב בעוד ${minutes} דקות.`,
  problems: {
    'missing-fields': 'יש למלא את כל השדות.',
    'invalid-email': 'כתובת הדוא״ל אינה תקינה.',
    'name-too-long': 'השם ארוך מדי (עד 50 תווים).',
    'passwords-differ': 'שתי הסיסמאות אינן זהות.',
    'too-short': `הסיסמה קצרה מדי: נדרשים לפחות ${MIN_PASSWORD_LENGTH} תווים.`,
    'too-long': 'הסיסמה ארוכה מדי (עד 200 תווים).',
    'same-as-email': 'הסיסמה לא יכולה להיות כתובת הדוא״ל.',
    'too-common': 'זו סיסמה נפוצה מדי שקל לנחש. נא לבחור סיסמה אחרת.',
  } satisfies Record<RegistrationProblem, string>,
} as const

type FormPage = { shopName: string; action: string; csrfToken: string; backUrl: string; error?: string }

const alert = (error: string | undefined) =>
  error ? `<p class="alert" role="alert" id="form-error">${escapeHtml(error)}</p>` : ''
const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
const field = (
  id: string,
  label: string,
  attributes: string,
  value = '',
) => `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" ${attributes} value="${escapeHtml(value)}">`
const passwordFields = `${field('password', ACCOUNT_TEXT.password, 'type="password" dir="ltr" autocomplete="new-password" required aria-describedby="password-hint"')}
<p class="hint" id="password-hint">${ACCOUNT_TEXT.passwordHint}</p>
${field('passwordAgain', ACCOUNT_TEXT.passwordAgain, 'type="password" dir="ltr" autocomplete="new-password" required')}`
const back = (url: string) =>
  `<p class="links"><a href="${escapeHtml(url)}">${ACCOUNT_TEXT.backToSignIn}</a></p>`

export function registerPage(
  input: FormPage & { values?: { firstName?: string; lastName?: string; email?: string } },
): string {
  const values = input.values ?? {}
  return layout(
    ACCOUNT_TEXT.registerTitle,
    input.shopName,
    `<h1>${ACCOUNT_TEXT.registerTitle}</h1>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hidden('csrf', input.csrfToken)}
${field('firstName', ACCOUNT_TEXT.firstName, 'type="text" autocomplete="given-name" required maxlength="50" autofocus', values.firstName)}
${field('lastName', ACCOUNT_TEXT.lastName, 'type="text" autocomplete="family-name" required maxlength="50"', values.lastName)}
${field('email', ACCOUNT_TEXT.email, 'type="email" dir="ltr" autocomplete="email" required', values.email)}
${passwordFields}
<button type="submit" class="primary">${ACCOUNT_TEXT.register}</button>
</form>
${back(input.backUrl)}`,
  )
}

export function forgotPage(input: FormPage & { email?: string }): string {
  return layout(
    ACCOUNT_TEXT.forgotTitle,
    input.shopName,
    `<h1>${ACCOUNT_TEXT.forgotTitle}</h1>
<p class="lead">${ACCOUNT_TEXT.forgotLead}</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hidden('csrf', input.csrfToken)}
${field('email', ACCOUNT_TEXT.email, 'type="email" dir="ltr" autocomplete="email" required autofocus', input.email)}
<button type="submit" class="primary">${ACCOUNT_TEXT.sendLink}</button>
</form>
${back(input.backUrl)}`,
  )
}

/** The one answer to every registration, resend and reset request, whatever exists. */
export function checkMailPage(input: { shopName: string; message: string; backUrl: string }): string {
  return layout(
    ACCOUNT_TEXT.checkMailTitle,
    input.shopName,
    `<h1>${ACCOUNT_TEXT.checkMailTitle}</h1>
<p class="notice" role="status">${escapeHtml(input.message)}</p>
${back(input.backUrl)}`,
  )
}

/** A page with a heading, a sentence and one button: confirmations and dead links. */
export function outcomePage(input: {
  shopName: string
  title: string
  message: string
  buttonUrl: string
}): string {
  return layout(
    input.title,
    input.shopName,
    `<h1>${escapeHtml(input.title)}</h1>
<p class="lead">${escapeHtml(input.message)}</p>
<a class="button primary" href="${escapeHtml(input.buttonUrl)}">${ACCOUNT_TEXT.toAccount}</a>`,
  )
}

export function resetPage(input: {
  shopName: string
  action: string
  csrfToken: string
  token: string
  email: string
  error?: string
}): string {
  return layout(
    ACCOUNT_TEXT.resetTitle,
    input.shopName,
    `<h1>${ACCOUNT_TEXT.resetTitle}</h1>
<p class="lead"><bdi>${escapeHtml(ACCOUNT_TEXT.resetFor(input.email))}</bdi></p>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hidden('csrf', input.csrfToken)}
${hidden('token', input.token)}
<input type="email" name="username" autocomplete="username" value="${escapeHtml(input.email)}" hidden>
${passwordFields}
<button type="submit" class="primary">${ACCOUNT_TEXT.savePassword}</button>
</form>`,
  )
}

export function confirmPage(input: {
  shopName: string
  action: string
  csrfToken: string
  token: string
}): string {
  return layout(
    ACCOUNT_TEXT.confirmTitle,
    input.shopName,
    `<h1>${ACCOUNT_TEXT.confirmTitle}</h1>
<p class="lead">${ACCOUNT_TEXT.confirmLead}</p>
<form method="post" action="${escapeHtml(input.action)}">
${hidden('csrf', input.csrfToken)}
${hidden('token', input.token)}
<button type="submit" class="primary" autofocus>${ACCOUNT_TEXT.confirm}</button>
</form>`,
  )
}
