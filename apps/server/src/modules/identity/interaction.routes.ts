import fs from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { AppConfig } from '../../config/env.js'
import { signInStylesheetFile } from '../../package-paths.js'
import type { AccountsService } from './accounts.service.js'
import { normaliseEmail } from './accounts.service.js'
import type { SignInThrottle } from './sign-in-throttle.service.js'
import { TEXT } from './sign-in-pages.js'
import { interactionPages, type InteractionPages } from './interaction-pages.js'
import { accountFormRoutes } from './account-forms.routes.js'
import { accountLinkRoutes } from './account-links.routes.js'
import type { ShopperAccounts } from './shopper-accounts.service.js'
import type { RequestLimits } from './request-limits.service.js'

const stylesheet = fs.readFileSync(signInStylesheetFile, 'utf8')

type Deps = {
  config: AppConfig
  /** Built by the first request that needs it (docs/decisions/165). */
  provider: () => Promise<Provider>
  accounts: AccountsService
  throttle: SignInThrottle
  shopperAccounts: ShopperAccounts
  requestLimits: RequestLimits
  /** Secret the per-interaction CSRF token is derived from; shared by all processes. */
  /** The current cookie key: it changes when the keys are rotated (decision 233). */
  csrfSecret: () => string
  /** Called once per attack window when an account's slow-down begins (logs, tells the owner). */
  onAttack: (attack: { email: string; address: string; accountFailures: number }) => Promise<void>
}

type FormBody = Record<string, string | undefined>

/**
 * The sign-in interaction of the built-in provider: a server-rendered Hebrew
 * form (no script), CSRF-protected, with failed attempts limited per account
 * and per address.
 */
export async function interactionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { provider } = deps
  const pages = interactionPages(deps)

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

  app.get('/interaction/assets/sign-in.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(stylesheet),
  )

  app.get<{ Params: { uid: string } }>(
    '/interaction/:uid',
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await pages.details(request, reply)
      if (!interaction) return pages.expired(reply)
      return pages.renderForm(reply, interaction, 200)
    },
  )

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/interaction/:uid/login',
    { schema: { hide: true } },
    signInHandler(deps, pages),
  )

  app.post<{ Params: { uid: string }; Body: FormBody }>(
    '/interaction/:uid/abort',
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await pages.details(request, reply)
      if (!interaction) return pages.expired(reply)
      if (!pages.isValidCsrf(interaction.uid, request.body?.csrf))
        return pages.renderForm(reply, interaction, 403, { error: TEXT.expiredForm })
      const redirectTo = await (
        await provider()
      ).interactionResult(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'The person cancelled the sign-in',
      })
      return reply.redirect(redirectTo, 303)
    },
  )

  accountFormRoutes(app, deps, pages)
  accountLinkRoutes(app, deps, pages)
}

type Pages = InteractionPages

/** POST …/login: limits first, then the password; a success hands the account to the provider. */
function signInHandler(deps: Deps, pages: Pages) {
  const { provider, accounts, throttle, onAttack } = deps
  return async (
    request: FastifyRequest<{ Params: { uid: string }; Body: FormBody }>,
    reply: FastifyReply,
  ) => {
    const interaction = await pages.details(request, reply)
    if (!interaction) return pages.expired(reply)
    const body = request.body ?? {}
    if (!pages.isValidCsrf(interaction.uid, body.csrf))
      return pages.renderForm(reply, interaction, 403, { error: TEXT.expiredForm })

    const email = normaliseEmail(body.email ?? '')
    const password = body.password ?? ''
    if (!email || !password)
      return pages.renderForm(reply, interaction, 400, { email, error: TEXT.missingFields })

    const keys = { account: email, address: request.ip }
    const tooMany = async (seconds: number) => {
      void reply.header('retry-after', String(seconds))
      return pages.renderForm(reply, interaction, 429, {
        email,
        error: TEXT.tooManyAttempts(Math.ceil(seconds / 60)),
      })
    }
    const before = await throttle.retryAfter(keys)
    if (before.seconds > 0) return tooMany(before.seconds)

    const account = await accounts.verifyCredentials(email, password)
    if (!account) {
      const outcome = await throttle.recordFailure(keys)
      request.log.info({ ip: request.ip, isKnownAddress: before.isKnownAddress }, 'sign-in failed')
      if (outcome.isAttackStarting) await onAttack({ email, address: request.ip, ...outcome })
      const after = await throttle.retryAfter(keys)
      if (after.seconds > 0) return tooMany(after.seconds)
      return pages.renderForm(reply, interaction, 401, { email, error: TEXT.wrongCredentials })
    }
    await throttle.recordSuccess(keys)
    // The right password, but the address was never proved: no token until it is (decision 231).
    if (!account.isEmailVerified)
      return pages.renderForm(reply, interaction, 403, { email, isUnconfirmed: true })
    const redirectTo = await (
      await provider()
    ).interactionResult(request.raw, reply.raw, {
      login: { accountId: account.id },
    })
    return reply.redirect(redirectTo, 303)
  }
}
