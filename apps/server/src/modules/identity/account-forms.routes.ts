import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { findInvalidText } from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'
import { normaliseEmail } from './accounts.service.js'
import { ACCOUNT_TEXT, checkMailPage, forgotPage, registerPage } from './account-pages.js'
import type { Interaction, InteractionPages } from './interaction-pages.js'
import type { AccountRequestKind, RequestLimits } from './request-limits.service.js'
import { registrationProblem, type ShopperAccounts } from './shopper-accounts.service.js'
import { TEXT } from './sign-in-pages.js'

type Deps = { config: AppConfig; shopperAccounts: ShopperAccounts; requestLimits: RequestLimits }
type FormRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string | undefined> }>
type UidRequest = FastifyRequest<{ Params: { uid: string } }>
/** Answers a form again with an error (and, for a 429, the wait in seconds). */
type Respond = (interaction: Interaction, status: number, error: string, retryAfter?: number) => FastifyReply

/**
 * Registration, a new confirmation link and a forgotten password, inside the sign-in
 * interaction (decision 231): the interaction cookie and its CSRF token protect every form,
 * and "back" returns to the same sign-in. Each answer is the same whether or not an account
 * exists; the limits count by client address and by e-mail.
 */
export function accountFormRoutes(app: FastifyInstance, deps: Deps, pages: InteractionPages): void {
  const { shopperAccounts } = deps
  const { formOf, withRetryAfter, mailSent, open, limited } = formHelpers(deps, pages)

  const showForm = (page: 'register' | 'forgot') => async (request: UidRequest, reply: FastifyReply) => {
    const interaction = await pages.details(request, reply)
    if (!interaction) return pages.expired(reply)
    const form = formOf(interaction, page)
    return pages.sendHtml(reply, 200, page === 'register' ? registerPage(form) : forgotPage(form))
  }
  app.get('/interaction/:uid/register', { schema: { hide: true } }, showForm('register'))
  app.get('/interaction/:uid/forgot', { schema: { hide: true } }, showForm('forgot'))

  app.post('/interaction/:uid/register', { schema: { hide: true } }, async (request: FormRequest, reply) => {
    const input = {
      firstName: request.body?.firstName ?? '',
      lastName: request.body?.lastName ?? '',
      email: normaliseEmail(request.body?.email ?? ''),
      password: request.body?.password ?? '',
      passwordAgain: request.body?.passwordAgain ?? '',
    }
    const respond: Respond = (interaction, status, error, retryAfter) =>
      withRetryAfter(reply, retryAfter).send(
        status,
        registerPage({ ...formOf(interaction, 'register'), values: input, error }),
      )
    const opened = await open(request, reply, respond)
    if (!opened.interaction) return opened.answered
    const problem = registrationProblem(input)
    if (problem) return respond(opened.interaction, 400, ACCOUNT_TEXT.problems[problem])
    const refused = await limited('register', request, opened.interaction, input.email, respond)
    if (refused) return refused
    await shopperAccounts.register(input)
    return mailSent(reply, opened.interaction, ACCOUNT_TEXT.registered)
  })

  app.post('/interaction/:uid/forgot', { schema: { hide: true } }, async (request: FormRequest, reply) => {
    const email = normaliseEmail(request.body?.email ?? '')
    const respond: Respond = (interaction, status, error, retryAfter) =>
      withRetryAfter(reply, retryAfter).send(
        status,
        forgotPage({ ...formOf(interaction, 'forgot'), email, error }),
      )
    const opened = await open(request, reply, respond)
    if (!opened.interaction) return opened.answered
    if (!email) return respond(opened.interaction, 400, ACCOUNT_TEXT.problems['missing-fields'])
    const refused = await limited('reset', request, opened.interaction, email, respond)
    if (refused) return refused
    await shopperAccounts.requestPasswordReset(email)
    return mailSent(reply, opened.interaction, ACCOUNT_TEXT.resetSent)
  })

  // From the sign-in page, after the right password of an address not confirmed yet.
  app.post('/interaction/:uid/resend', { schema: { hide: true } }, async (request: FormRequest, reply) => {
    const email = normaliseEmail(request.body?.email ?? '')
    // Answered on the sign-in page it came from.
    const respond: Respond = (interaction, status, error, retryAfter) => {
      if (retryAfter) void reply.header('retry-after', String(retryAfter))
      return pages.renderForm(reply, interaction, status, { email, error })
    }
    const opened = await open(request, reply, respond)
    if (!opened.interaction) return opened.answered
    const refused = await limited('resend', request, opened.interaction, email, respond)
    if (refused) return refused
    if (email) await shopperAccounts.resendConfirmation(email)
    return mailSent(reply, opened.interaction, ACCOUNT_TEXT.resent)
  })
}

/** What the three forms share: the form's links, the checks before the work, the answers. */
function formHelpers(deps: Deps, pages: InteractionPages) {
  const { config, requestLimits } = deps
  const formOf = (interaction: Interaction, page: 'register' | 'forgot') => ({
    shopName: config.shopName,
    action: pages.urlOf(interaction, page),
    csrfToken: pages.csrfTokenFor(interaction.uid),
    backUrl: pages.urlOf(interaction, ''),
  })
  const withRetryAfter = (reply: FastifyReply, seconds: number | undefined) => {
    if (seconds) void reply.header('retry-after', String(seconds))
    return { send: (status: number, html: string) => pages.sendHtml(reply, status, html) }
  }
  const mailSent = (reply: FastifyReply, interaction: Interaction, message: string) =>
    pages.sendHtml(
      reply,
      200,
      checkMailPage({ shopName: config.shopName, message, backUrl: pages.urlOf(interaction, '') }),
    )

  /** The interaction of a checked form, or the answer already sent (expired, forged, refused text). */
  const open = async (request: FormRequest, reply: FastifyReply, respond: Respond) => {
    const interaction = await pages.details(request, reply)
    if (!interaction) return { answered: pages.expired(reply) }
    const body = request.body ?? {}
    if (!pages.isValidCsrf(interaction.uid, body.csrf))
      return { answered: respond(interaction, 403, TEXT.expiredForm) }
    if (findInvalidText(body))
      return { answered: respond(interaction, 400, ACCOUNT_TEXT.problems['missing-fields']) }
    return { interaction }
  }

  /** Undefined when the request may go on; otherwise the 429 with Retry-After, sent. */
  const limited = async (
    kind: AccountRequestKind,
    request: FastifyRequest,
    interaction: Interaction,
    email: string,
    respond: Respond,
  ) => {
    const seconds = await requestLimits.take(kind, { address: request.ip, email })
    if (seconds === 0) return undefined
    return respond(interaction, 429, ACCOUNT_TEXT.tooMany(Math.ceil(seconds / 60)), seconds)
  }

  return { formOf, withRetryAfter, mailSent, open, limited }
}
