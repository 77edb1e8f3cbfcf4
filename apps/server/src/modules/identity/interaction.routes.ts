import crypto from 'node:crypto'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { AppConfig } from '../../config/env.js'
import type { AccountsService } from './accounts.service.js'
import { normaliseEmail } from './accounts.service.js'
import { MOUNT_PATH } from './provider.js'
import type { SignInThrottle } from './sign-in-throttle.service.js'
import { errorPage, pageCsp, signInPage, TEXT } from './sign-in-pages.js'

// Read from the source tree so both src/ and dist/ builds find it (like the migrations).
const stylesheet = fs.readFileSync(
  fileURLToPath(new URL('../../../src/modules/identity/sign-in.css', import.meta.url)),
  'utf8',
)

type Deps = {
  config: AppConfig
  provider: Provider
  accounts: AccountsService
  throttle: SignInThrottle
  /** Secret the per-interaction CSRF token is derived from; shared by all processes. */
  csrfSecret: string
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
      if (!interaction || interaction.prompt.name !== 'login') return pages.expired(reply)
      return pages.renderForm(reply, interaction.uid, 200)
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
        return pages.renderForm(reply, interaction.uid, 403, { error: TEXT.expiredForm })
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'The person cancelled the sign-in',
      })
      return reply.redirect(redirectTo, 303)
    },
  )
}

type Pages = ReturnType<typeof interactionPages>

/** The form, its CSRF token and the provider's view of the interaction, shared by the handlers. */
function interactionPages(deps: Deps) {
  const { config, provider } = deps
  const home = `${new URL(config.publicUrl).origin}/`
  const csp = pageCsp(config.identity.webOrigins)

  // A token bound to the interaction id, which only the browser holding the
  // interaction cookie ever sees: a cross-site form cannot know it.
  const csrfTokenFor = (uid: string) =>
    crypto.createHmac('sha256', deps.csrfSecret).update(`sign-in:${uid}`).digest('base64url')
  const isValidCsrf = (uid: string, token: string | undefined) => {
    if (!token) return false
    const expected = Buffer.from(csrfTokenFor(uid))
    const actual = Buffer.from(token)
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected)
  }

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .send(html)

  const details = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw)
      return interaction.uid === request.params.uid ? interaction : undefined
    } catch {
      return undefined
    }
  }

  const renderForm = (
    reply: FastifyReply,
    uid: string,
    status: number,
    extra: { email?: string; error?: string } = {},
  ) =>
    sendHtml(
      reply,
      status,
      signInPage({
        shopName: config.shopName,
        action: `${MOUNT_PATH}/interaction/${uid}/login`,
        abortAction: `${MOUNT_PATH}/interaction/${uid}/abort`,
        csrfToken: csrfTokenFor(uid),
        ...extra,
      }),
    )

  const expired = (reply: FastifyReply) =>
    sendHtml(reply, 400, errorPage(config.shopName, home, TEXT.sessionExpired))

  return { isValidCsrf, details, renderForm, expired }
}

/** POST …/login: limits first, then the password; a success hands the account to the provider. */
function signInHandler(deps: Deps, pages: Pages) {
  const { provider, accounts, throttle, onAttack } = deps
  return async (
    request: FastifyRequest<{ Params: { uid: string }; Body: FormBody }>,
    reply: FastifyReply,
  ) => {
    const interaction = await pages.details(request, reply)
    if (!interaction || interaction.prompt.name !== 'login') return pages.expired(reply)
    const body = request.body ?? {}
    if (!pages.isValidCsrf(interaction.uid, body.csrf))
      return pages.renderForm(reply, interaction.uid, 403, { error: TEXT.expiredForm })

    const email = normaliseEmail(body.email ?? '')
    const password = body.password ?? ''
    if (!email || !password)
      return pages.renderForm(reply, interaction.uid, 400, { email, error: TEXT.missingFields })

    const keys = { account: email, address: request.ip }
    const tooMany = async (seconds: number) => {
      void reply.header('retry-after', String(seconds))
      return pages.renderForm(reply, interaction.uid, 429, {
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
      return pages.renderForm(reply, interaction.uid, 401, { email, error: TEXT.wrongCredentials })
    }
    await throttle.recordSuccess(keys)
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
      login: { accountId: account.id },
    })
    return reply.redirect(redirectTo, 303)
  }
}
