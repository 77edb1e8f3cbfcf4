import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { findInvalidText } from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'
import { ACCOUNT_TEXT, confirmPage, outcomePage, resetPage } from './account-pages.js'
import type { InteractionPages } from './interaction-pages.js'
import { MOUNT_PATH } from './provider.js'
import { newPasswordProblem, type ShopperAccounts } from './shopper-accounts.service.js'
import { TEXT } from './sign-in-pages.js'

type Deps = { config: AppConfig; shopperAccounts: ShopperAccounts }
type TokenQuery = FastifyRequest<{ Querystring: { token?: string } }>
type FormPost = FastifyRequest<{ Body: Record<string, string | undefined> }>

/** Where the e-mailed links lead, under the issuer: `${issuer}/account/confirm?token=…`. */
export const ACCOUNT_LINK_PATHS = {
  'confirm-email': '/account/confirm',
  'reset-password': '/account/reset',
} as const

/**
 * The pages the e-mailed links open (decision 231). They live outside any sign-in: the
 * mail may be opened in another browser, days later. Their way on is the shop's account
 * page, which starts a fresh sign-in.
 */
export function accountLinkRoutes(app: FastifyInstance, deps: Deps, pages: InteractionPages): void {
  const { config, shopperAccounts } = deps
  const { outcome, invalidConfirm, invalidReset, resetForm } = linkPages(config, pages)

  // Opening the link shows one button; the POST confirms. A GET never changes state (decision
  // 201): mail scanners open links, and would use this one up before the person clicks.
  app.get(
    ACCOUNT_LINK_PATHS['confirm-email'],
    { schema: { hide: true } },
    async (request: TokenQuery, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : ''
      if (!token || !(await shopperAccounts.isConfirmLinkUsable(token))) return invalidConfirm(reply)
      return pages.sendHtml(
        reply,
        200,
        confirmPage({
          shopName: config.shopName,
          action: `${MOUNT_PATH}${ACCOUNT_LINK_PATHS['confirm-email']}`,
          csrfToken: pages.csrfTokenFor(`confirm:${token}`),
          token,
        }),
      )
    },
  )

  app.post(
    ACCOUNT_LINK_PATHS['confirm-email'],
    { schema: { hide: true } },
    async (request: FormPost, reply) => {
      const body = request.body ?? {}
      const token = body.token ?? ''
      if (findInvalidText(body) || !token || !pages.isValidCsrf(`confirm:${token}`, body.csrf))
        return invalidConfirm(reply)
      if (!(await shopperAccounts.confirmEmail(token))) return invalidConfirm(reply)
      return outcome(reply, 200, ACCOUNT_TEXT.confirmedTitle, ACCOUNT_TEXT.confirmed)
    },
  )

  // Opening the reset link only shows the form: the link is used up by the new password.
  app.get(
    ACCOUNT_LINK_PATHS['reset-password'],
    { schema: { hide: true } },
    async (request: TokenQuery, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : ''
      const account = token ? await shopperAccounts.resetLinkAccount(token) : undefined
      if (!account) return invalidReset(reply)
      return resetForm(reply, 200, { token, email: account.email })
    },
  )

  app.post(
    ACCOUNT_LINK_PATHS['reset-password'],
    { schema: { hide: true } },
    async (request: FormPost, reply) => {
      const body = request.body ?? {}
      const token = body.token ?? ''
      if (findInvalidText(body)) return invalidReset(reply)
      const account = token ? await shopperAccounts.resetLinkAccount(token) : undefined
      if (!account) return invalidReset(reply)
      if (!pages.isValidCsrf(`reset:${token}`, body.csrf))
        return resetForm(reply, 403, { token, email: account.email, error: TEXT.expiredForm })
      const problem = newPasswordProblem(body.password ?? '', body.passwordAgain ?? '', account.email)
      if (problem)
        return resetForm(reply, 400, { token, email: account.email, error: ACCOUNT_TEXT.problems[problem] })
      if (!(await shopperAccounts.resetPassword(token, body.password ?? ''))) return invalidReset(reply)
      return outcome(reply, 200, ACCOUNT_TEXT.resetDoneTitle, ACCOUNT_TEXT.resetDone)
    },
  )
}

/** The answers of the link pages: an outcome with the way on, a dead link, the reset form. */
function linkPages(config: AppConfig, pages: InteractionPages) {
  const accountUrl = `${config.publicUrl.replace(/\/$/, '')}/account`
  const outcome = (reply: FastifyReply, status: number, title: string, message: string) =>
    pages.sendHtml(
      reply,
      status,
      outcomePage({ shopName: config.shopName, title, message, buttonUrl: accountUrl }),
    )
  const invalidConfirm = (reply: FastifyReply) =>
    outcome(reply, 410, ACCOUNT_TEXT.invalidLinkTitle, ACCOUNT_TEXT.invalidConfirm)
  const invalidReset = (reply: FastifyReply) =>
    outcome(reply, 410, ACCOUNT_TEXT.invalidLinkTitle, ACCOUNT_TEXT.invalidReset)
  // The reset form's CSRF token is bound to the link's token, which a cross-site page cannot know.
  const csrfFor = (token: string) => pages.csrfTokenFor(`reset:${token}`)

  const resetForm = (
    reply: FastifyReply,
    status: number,
    form: { token: string; email: string; error?: string },
  ) =>
    pages.sendHtml(
      reply,
      status,
      resetPage({
        shopName: config.shopName,
        action: `${MOUNT_PATH}${ACCOUNT_LINK_PATHS['reset-password']}`,
        csrfToken: csrfFor(form.token),
        ...form,
      }),
    )

  return { outcome, invalidConfirm, invalidReset, resetForm }
}
