import { escapeHtml } from '../../lib/html.js'
import { layout, type RenderedMail } from './mail.templates.js'

/**
 * The shopper-account e-mails of the built-in identity provider (decision 231). `url` is
 * the single-use link; null where the account may not use one (an administrator's password
 * is reset from the command line).
 */
export type AccountMailView =
  | { kind: 'confirm-email'; email: string; firstName: string; url: string; validFor: string }
  | { kind: 'already-registered'; email: string; url: string | null; validFor: string }
  | { kind: 'reset-password'; email: string; url: string | null; validFor: string }

/** Outbox keys of these mails start with this: their links are wiped from the outbox once sent. */
export const ACCOUNT_MAIL_KEY_PREFIX = 'account-link:'

const ADMIN_RESET = 'סיסמה של חשבון ניהול מאפסים משורת הפקודה של השרת: npm run admin -- reset-password'

export function renderAccountMail(view: AccountMailView, shopName: string): RenderedMail {
  const { subject, lines, url } = content(view, shopName)
  const link = url ? `<p><a href="${escapeHtml(url)}" dir="ltr">${escapeHtml(url)}</a></p>` : ''
  const [first = '', ...rest] = lines
  return {
    subject,
    html: layout(
      subject,
      `<p>${escapeHtml(first)}</p>${link}${rest.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>${escapeHtml(`צוות ${shopName}`)}</p>`,
    ),
    text: [first, ...(url ? [url] : []), '', ...rest, '', `צוות ${shopName}`].join('\n'),
  }
}

function content(
  view: AccountMailView,
  shopName: string,
): { subject: string; lines: string[]; url: string | null } {
  switch (view.kind) {
    case 'confirm-email':
      return {
        subject: `${shopName}: אישור כתובת הדוא״ל`,
        url: view.url,
        lines: [
          `שלום ${view.firstName}, כדי להשלים את ההרשמה לחשבון ב${shopName} נא לאשר את כתובת הדוא״ל בקישור הבא (בתוקף ${view.validFor}, לשימוש אחד):`,
          'אם לא נרשמתם, אפשר להתעלם מהודעה זו: בלי אישור לא ייפתח חשבון.',
        ],
      }
    case 'already-registered':
      return {
        subject: `${shopName}: ניסיון הרשמה עם כתובת הדוא״ל שלכם`,
        url: view.url,
        lines: [
          view.url
            ? `מישהו (אולי אתם) ניסה להירשם ל${shopName} עם הכתובת ${view.email}, אבל כבר יש חשבון בכתובת הזו. אם שכחתם את הסיסמה, אפשר לקבוע סיסמה חדשה בקישור הבא (בתוקף ${view.validFor}, לשימוש אחד):`
            : `מישהו (אולי אתם) ניסה להירשם ל${shopName} עם הכתובת ${view.email}, אבל כבר יש חשבון בכתובת הזו.`,
          ...(view.url ? [] : [ADMIN_RESET]),
          'אם לא אתם ניסיתם להירשם, אין צורך לעשות דבר: החשבון והסיסמה לא השתנו.',
        ],
      }
    case 'reset-password':
      return {
        subject: `${shopName}: איפוס סיסמה`,
        url: view.url,
        lines: [
          view.url
            ? `התקבלה בקשה לקבוע סיסמה חדשה לחשבון ${view.email}. אפשר לקבוע אותה בקישור הבא (בתוקף ${view.validFor}, לשימוש אחד):`
            : `התקבלה בקשה לקבוע סיסמה חדשה לחשבון ${view.email}.`,
          ...(view.url ? [] : [ADMIN_RESET]),
          'אם לא ביקשתם, אפשר להתעלם מהודעה זו: הסיסמה לא תשתנה.',
        ],
      }
  }
}
