import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { mailOutbox } from '../db/schema/index.js'
import type { DatabaseHandle } from '../db/client.js'
import {
  authorizeUrl,
  pkcePair,
  type CodeFlowOptions,
  type HttpResponse,
  type TestBrowser,
} from './code-flow.js'

/**
 * Helpers for the built-in provider's shopper pages (registration, forgotten password, the
 * e-mailed links), driven like a person with the code-flow test browser.
 */

/** Opens a fresh sign-in page; `extra` adds authorization parameters (e.g. `ui_area`). */
export async function openSignInPage(
  browser: TestBrowser,
  flow: CodeFlowOptions,
  extra: Record<string, string> = {},
): Promise<HttpResponse> {
  const { challenge } = pkcePair()
  const page = await browser.follow(
    authorizeUrl(flow, {
      state: 's',
      nonce: 'n',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    }),
    flow.redirectUri,
  )
  return page.response
}

/** The href of the link with this text on the page. */
export function linkOn(html: string, text: string): string {
  const href = new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html)?.[1]
  if (!href) throw new Error(`no link "${text}" on the page`)
  return href.replace(/&#38;/g, '&')
}

/** The form whose action ends with `suffix`, and the CSRF token it carries. */
export function formOn(html: string, suffix: string): { action: string; csrf: string } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)]
  const form = forms.find(([, action]) => action?.endsWith(suffix))
  const csrf = form?.[2] ? /name="csrf" value="([^"]+)"/.exec(form[2])?.[1] : undefined
  if (!form?.[1] || !csrf) throw new Error(`no form …${suffix} on the page`)
  return { action: form[1], csrf }
}

/** Opens the sign-in page, follows "הרשמה" and sends the registration form. */
export async function register(
  browser: TestBrowser,
  flow: CodeFlowOptions,
  person: { firstName: string; lastName: string; email: string; password: string; passwordAgain?: string },
): Promise<HttpResponse> {
  const signIn = await openSignInPage(browser, flow)
  const page = await browser.request('GET', `http://localhost${linkOn(signIn.text, 'הרשמה')}`)
  const form = formOn(page.text, '/register')
  return browser.request('POST', `http://localhost${form.action}`, {
    csrf: form.csrf,
    passwordAgain: person.password,
    ...person,
  })
}

/** Opens the sign-in page, follows "שכחתי סיסמה" and asks for a link for `email`. */
export async function askForReset(
  browser: TestBrowser,
  flow: CodeFlowOptions,
  email: string,
): Promise<HttpResponse> {
  const signIn = await openSignInPage(browser, flow)
  const page = await browser.request('GET', `http://localhost${linkOn(signIn.text, 'שכחתי סיסמה')}`)
  const form = formOn(page.text, '/forgot')
  return browser.request('POST', `http://localhost${form.action}`, { csrf: form.csrf, email })
}

/** Sends the sign-in form of a fresh sign-in page (303: in; otherwise the page answered). */
export async function postSignIn(
  browser: TestBrowser,
  flow: CodeFlowOptions,
  credentials: { email: string; password: string },
): Promise<HttpResponse> {
  const page = await openSignInPage(browser, flow)
  const form = formOn(page.text, '/login')
  return browser.request('POST', `http://localhost${form.action}`, { csrf: form.csrf, ...credentials })
}

/** The outbox's mails to `email`, oldest first. */
export async function mailsTo(database: DatabaseHandle, email: string) {
  const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
}

/** The path and query of the link to `page` (`confirm` or `reset`) in a mail's text. */
export function linkInMail(text: string, page: 'confirm' | 'reset'): string {
  const url = new RegExp(`https?://\\S+/oidc/account/${page}\\?token=[\\w-]+`).exec(text)?.[0]
  if (!url) throw new Error(`no ${page} link in the mail`)
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

/** The text part of each .eml file in the mail folder (quoted-printable or base64 decoded). */
export function readMailFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir).map((name) => {
    const raw = fs.readFileSync(path.join(dir, name), 'utf8')
    const part =
      /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: (\S+)\n\n([\s\S]*?)\n(?:--|$)/.exec(
        raw,
      )
    if (!part?.[2]) return raw
    if (part[1] === 'base64') return Buffer.from(part[2].replace(/\s/g, ''), 'base64').toString('utf8')
    if (part[1] === 'quoted-printable')
      return Buffer.from(
        part[2]
          .replace(/=\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    return part[2]
  })
}

/** Opens a confirmation link and presses its button, as the person does. */
export async function confirmByLink(browser: TestBrowser, link: string): Promise<HttpResponse> {
  const page = await browser.request('GET', `http://localhost${link}`)
  if (page.status !== 200) return page
  const form = formOn(page.text, '/account/confirm')
  const token = new URL(link, 'http://localhost').searchParams.get('token') ?? ''
  return browser.request('POST', `http://localhost${form.action}`, { csrf: form.csrf, token })
}
