import crypto from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { AppConfig } from '../../config/env.js'
import { MOUNT_PATH } from './provider.js'
import { errorPage, pageCsp, signInPage, TEXT, type SignInArea } from './sign-in-pages.js'

export type Interaction = { uid: string; params: Record<string, unknown> }

/** The sign-in pages' helpers, shared by the interaction's routes: CSRF, HTML answers, the form. */
export function interactionPages(deps: {
  config: AppConfig
  /** Built on first use (docs/decisions/165). */
  provider: () => Promise<Provider>
  /** The current cookie key: it changes when the keys are rotated (decision 233). */
  csrfSecret: () => string
}) {
  const { config, provider } = deps
  const home = `${new URL(config.publicUrl).origin}/`
  const csp = pageCsp(config.identity.webOrigins)

  // A token bound to the interaction id (or to an e-mailed link's token), which only the
  // browser holding the interaction cookie (or the link) ever sees: a cross-site form cannot know it.
  const csrfTokenFor = (uid: string) =>
    crypto.createHmac('sha256', deps.csrfSecret()).update(`sign-in:${uid}`).digest('base64url')
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

  const details = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> => {
    // Outside the try: a provider that cannot be built is a server error, not an expired form.
    const oidc = await provider()
    try {
      const interaction = await oidc.interactionDetails(request.raw, reply.raw)
      if (interaction.uid !== request.params.uid || interaction.prompt.name !== 'login') return undefined
      return interaction
    } catch {
      return undefined
    }
  }

  /** The web app asks for the admin area with `ui_area=admin`; everyone else is a shopper. */
  const areaOf = (interaction: Interaction): SignInArea =>
    interaction.params.ui_area === 'admin' ? 'admin' : 'shop'

  const urlOf = (interaction: Interaction, page: string) =>
    `${MOUNT_PATH}/interaction/${interaction.uid}${page ? `/${page}` : ''}`

  const renderForm = (
    reply: FastifyReply,
    interaction: Interaction,
    status: number,
    extra: { email?: string; error?: string; isUnconfirmed?: boolean } = {},
  ) =>
    sendHtml(
      reply,
      status,
      signInPage({
        shopName: config.shopName,
        area: areaOf(interaction),
        action: urlOf(interaction, 'login'),
        abortAction: urlOf(interaction, 'abort'),
        registerUrl: urlOf(interaction, 'register'),
        forgotUrl: urlOf(interaction, 'forgot'),
        resendAction: urlOf(interaction, 'resend'),
        csrfToken: csrfTokenFor(interaction.uid),
        ...extra,
      }),
    )

  const expired = (reply: FastifyReply) =>
    sendHtml(reply, 400, errorPage(config.shopName, home, TEXT.sessionExpired))

  return { csrfTokenFor, isValidCsrf, sendHtml, details, renderForm, expired, urlOf }
}

export type InteractionPages = ReturnType<typeof interactionPages>
