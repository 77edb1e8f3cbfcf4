import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { findInvalidText } from '@tavlin/contracts'
import fp from 'fastify-plugin'
import middie from '@fastify/middie'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppConfig } from '../../config/env.js'
import type { Database, DatabaseHandle } from '../../db/client.js'
import type { AdminGuard, OptionalShopper, ShopperGuard } from '../../plugins/admin-guard.js'
import { invalidTextIn } from '../../lib/errors.js'
import {
  createAccessTokenVerifier,
  createAdminGuard,
  createOptionalShopper,
  createShopperGuard,
  type AccessTokenVerifier,
} from './access-token.js'
import { accountsRepository } from './accounts.repository.js'
import { ensureFirstAdminAccount } from './admin-bootstrap.js'
import { createAccountsService, type AccountsService } from './accounts.service.js'
import { interactionRoutes } from './interaction.routes.js'
import { rotateIdentityKeys, type IdentityKeys } from './key-store.repository.js'
import { createKeyRing, type KeyRing } from './key-ring.service.js'
import { revokeSubject, tokenChecksRepository } from './token-checks.repository.js'
import { createProvider, MOUNT_PATH } from './provider.js'
import { drizzleAdapterFactory } from './oidc-adapter.repository.js'
import { createSignInThrottle, type THROTTLE_LIMITS } from './sign-in-throttle.service.js'
import { signInThrottleRepository } from './sign-in-throttle.repository.js'
import { errorPage } from './sign-in-pages.js'
import { accountTokensRepository } from './account-tokens.repository.js'
import { createShopperAccounts, type AccountMail } from './shopper-accounts.service.js'
import { createRequestLimits } from './request-limits.service.js'
import { ACCOUNT_LINK_PATHS } from './account-links.routes.js'
import { createLocalAccountService, type LocalAccountService } from './local-accounts.service.js'

/*
 * The identity module's entry: what other modules and app.ts may use, and the wiring of
 * its repositories (decision 186).
 */
export { identityOf } from './access-token.js'
export type { AccessTokenVerifier, Identity } from './access-token.js'
export type { AccountsService } from './accounts.service.js'
export type { LocalAccountService } from './local-accounts.service.js'

/** What identity needs from the mail module: the owner is told when their password is being guessed. */
export type SignInAlertMail = {
  enqueueSignInAlert(
    key: string,
    alert: { email: string; failures: number; addresses: string[]; at: string },
  ): Promise<unknown>
}

/**
 * For other modules (the account API's DELETE /api/account): whether a token's subject is an
 * account of the built-in provider, and deleting it with its sessions (never the last
 * administrator: 409). With an external issuer no subject is local.
 */
export function createLocalAccounts(config: AppConfig, db: Database): LocalAccountService {
  return createLocalAccountService(
    accountsRepository(db),
    config.identity.mode !== 'external',
    (subject, tx) => revokeSubject(tx ?? db, subject),
  )
}

export type KeyRotation = { kid: string; sessionsEnded: number }

/** The running embedded shop rotates its keys when asked on its control socket at this route. */
export const ROTATE_KEYS_ROUTE = '/rotate-keys'

/**
 * After a leak (`npm run admin -- rotate-keys`, decision 233): the built-in provider's signing
 * and cookie keys replaced, none of the old kept, every session, grant and token ended.
 */
export function rotateKeys(db: Database): Promise<KeyRotation> {
  return rotateIdentityKeys(db)
}

export function createAccounts(db: Database): AccountsService {
  return createAccountsService(accountsRepository(db))
}

/** First start of the built-in provider with no administrator (admin-bootstrap.ts). */
export function ensureFirstAdmin(
  config: AppConfig,
  db: Database,
  write?: (text: string) => void,
): Promise<void> {
  return ensureFirstAdminAccount(config, createAccounts(db), write)
}

export type IdentityModule = {
  /** The preHandler/onRequest hook every admin route uses. */
  requireAdmin: AdminGuard
  /** The hook over the shopper's own routes (`/api/account/*`): any valid token. */
  requireShopper: ShopperGuard
  /** Who is signed in at checkout, if anyone (a bad token is a 401). */
  shopperOf: OptionalShopper
  verifyAccessToken: AccessTokenVerifier
  /** Mounts the built-in provider under /oidc (nothing when an external issuer is used). */
  plugin: (app: FastifyInstance) => Promise<void>
  /** `isLocalAccount` and `deleteLocalAccount` by token subject (see createLocalAccounts). */
  localAccounts: LocalAccountService
}

/**
 * Sets up identity for the app: with no OIDC_ISSUER, the built-in provider
 * (keys from the database, created on first start) and a verifier that reads
 * its public keys directly; otherwise only a verifier against the external
 * issuer's discovery document and JWKS.
 */
export async function createIdentity({
  config,
  database,
  mail,
  signInLimits,
}: {
  config: AppConfig
  database: DatabaseHandle
  /** Tells an account's owner when its password is being guessed; sends the shoppers' links. */
  mail: SignInAlertMail & AccountMail
  /** The sign-in throttle's limits (tests: waits long enough that no step can outrun them). */
  signInLimits?: typeof THROTTLE_LIMITS
}): Promise<IdentityModule> {
  const localAccounts = createLocalAccounts(config, database.db)
  // Every verified token is asked about in the database: a deleted account's, or one signed
  // with a retired key, is refused at once (decisions 233, 234).
  const standing = tokenChecksRepository(database.db).standing
  if (config.identity.mode === 'external') {
    const verifyAccessToken = createAccessTokenVerifier(config.identity, { discover: true }, standing)
    return { ...guardsOf(verifyAccessToken), plugin: async () => {}, localAccounts }
  }

  const keyRing = await createKeyRing(database.db)
  const accounts = createAccounts(database.db)
  const throttle = createSignInThrottle(signInThrottleRepository(database.db), signInLimits)
  const requestLimits = createRequestLimits(signInThrottleRepository(database.db))
  const shopperAccounts = createShopperAccounts({
    accounts: accountsRepository(database.db),
    tokens: accountTokensRepository(database.db),
    mail,
    linkBase: {
      'confirm-email': `${config.identity.issuer}${ACCOUNT_LINK_PATHS['confirm-email']}`,
      'reset-password': `${config.identity.issuer}${ACCOUNT_LINK_PATHS['reset-password']}`,
    },
  })
  const adapter = drizzleAdapterFactory(database.db)
  // Tokens are checked with the keys of the ring, so the API never needs the provider itself.
  const verifyAccessToken = createAccessTokenVerifier(config.identity, { keyRing }, standing)

  const plugin = fp(
    async (app: FastifyInstance) => {
      // Built by the first request under /oidc, not at start (docs/decisions/165), and again
      // after the keys were rotated: a provider holds the keys it was built with.
      const provider = perKeyGeneration(keyRing, async (keys) => {
        const built = await createProvider({ config, adapter, keys, accounts })
        built.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'))
        return { provider: built, callback: built.callback() }
      })
      // Runs before middie hands the request to the provider (hooks run in the order added).
      app.addHook('onRequest', providerEdge(config, keyRing))
      await app.register(middie)
      // The sign-in pages under /oidc/interaction and the e-mailed links' pages under
      // /oidc/account are Fastify routes; the
      // provider gets everything else under /oidc (see TOOLCHAIN G11).
      app.use(MOUNT_PATH, (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        if (req.url?.startsWith('/interaction/') || req.url?.startsWith('/account/')) return next()
        // A provider that could not be built is the error handler's 500, like any other failure.
        void provider().then(({ callback }) => callback(req, res), next)
      })
      await app.register(
        async (scope) =>
          interactionRoutes(scope, {
            config,
            provider: async () => (await provider()).provider,
            accounts,
            throttle,
            shopperAccounts,
            requestLimits,
            csrfSecret: () => keyRing.cached().cookieKeys[0] ?? '',
            onAttack: async (attack) => {
              const isRegistered = await accounts.isRegistered(attack.email)
              // Logged whether or not the account exists; only a real owner gets mail.
              app.log.warn({ ...attack, isRegistered }, 'sign-in: account under attack, slowing it down')
              if (!isRegistered) return
              const now = new Date()
              await mail.enqueueSignInAlert(
                // One alert per account and attack window (the slow-down's window is a day).
                `sign-in-alert:${attack.email}:${now.toISOString().slice(0, 10)}`,
                {
                  email: attack.email,
                  failures: attack.accountFailures,
                  addresses: [attack.address],
                  at: now.toLocaleString('he-IL', { timeZone: 'Asia/Jerusalem' }),
                },
              )
            },
          }),
        { prefix: MOUNT_PATH },
      )
    },
    { name: 'identity-provider' },
  )

  return { ...guardsOf(verifyAccessToken), plugin, localAccounts }
}

/**
 * `build` run on first use for the keys in force, its promise shared by every caller until
 * the ring holds other keys; a failure is not kept (as `onFirstUse`).
 */
function perKeyGeneration<T>(keyRing: KeyRing, build: (keys: IdentityKeys) => Promise<T>): () => Promise<T> {
  let built: { generation: string; value: Promise<T> } | null = null
  return () => {
    const keys = keyRing.cached()
    if (built?.generation !== keys.generation) {
      const value = build(keys)
      const entry = { generation: keys.generation, value }
      value.catch(() => {
        if (built === entry) built = null
      })
      built = entry
    }
    return built.value
  }
}

/** The admin's, the shopper's and checkout's checks, all over the one verifier. */
function guardsOf(verifyAccessToken: AccessTokenVerifier) {
  return {
    verifyAccessToken,
    requireAdmin: createAdminGuard(verifyAccessToken),
    requireShopper: createShopperGuard(verifyAccessToken),
    shopperOf: createOptionalShopper(verifyAccessToken),
  }
}

// Public documents any site may read; every other endpoint is the web app's alone.
const OPEN_CORS_PATHS = new Set([`${MOUNT_PATH}/.well-known/openid-configuration`, `${MOUNT_PATH}/jwks`])

/**
 * What Fastify settles for every request, settled for the provider too (decision 112):
 * - the scheme, host and client address as Fastify worked them out under TRUST_PROXY,
 *   written over the X-Forwarded-* headers the provider (Koa, `proxy = true`) reads, so a
 *   forged header counts only where Fastify would believe it;
 * - with an https PUBLIC_URL, a plain-http request is sent to https (GET) or refused
 *   (400) instead of failing on its secure cookies;
 * - the contracts' text rule over the query string (the provider parses its own bodies;
 *   the adapter ignores ids the database could not hold);
 * - CORS preflights from other origins are refused, except for the public documents.
 */
function providerEdge(config: AppConfig, keyRing: KeyRing) {
  const publicOrigin = new URL(config.publicUrl).origin
  const isHttpsOnly = publicOrigin.startsWith('https://')
  const { webOrigins } = config.identity
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url !== MOUNT_PATH && !request.url.startsWith(`${MOUNT_PATH}/`)) return
    const invalid = findInvalidText(request.query)
    if (invalid) throw invalidTextIn('query', invalid)
    // Keys rotated by another process are in force from this request on (decision 233).
    await keyRing.refresh()
    if (isHttpsOnly && request.protocol !== 'https') {
      if (request.method === 'GET' || request.method === 'HEAD')
        return reply.redirect(`${publicOrigin}${request.url}`, 308)
      return reply
        .code(400)
        .header('content-type', 'text/html; charset=utf-8')
        .send(errorPage(config.shopName, `${publicOrigin}/`))
    }
    const origin = request.headers.origin
    const path = request.url.split('?')[0] ?? ''
    if (request.method === 'OPTIONS' && origin && !webOrigins.includes(origin) && !OPEN_CORS_PATHS.has(path))
      return reply.code(403).header('vary', 'origin').send()
    const headers = request.raw.headers
    headers['x-forwarded-proto'] = request.protocol
    headers['x-forwarded-host'] = request.host
    headers['x-forwarded-for'] = request.ip
  }
}
