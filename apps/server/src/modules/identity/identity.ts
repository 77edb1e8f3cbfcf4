import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import middie from '@fastify/middie'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppConfig } from '../../config/env.js'
import type { DatabaseHandle } from '../../db/client.js'
import type { AdminGuard } from '../../plugins/admin-guard.js'
import { createAccessTokenVerifier, createAdminGuard, type AccessTokenVerifier } from './access-token.js'
import { createAccountsService } from './accounts.service.js'
import { interactionRoutes } from './interaction.routes.js'
import { loadOrCreateIdentityKeys } from './key-store.js'
import { createProvider, MOUNT_PATH } from './provider.js'
import { createSignInThrottle } from './sign-in-throttle.js'

export type IdentityModule = {
  /** The preHandler/onRequest hook every admin route uses. */
  requireAdmin: AdminGuard
  verifyAccessToken: AccessTokenVerifier
  /** Mounts the built-in provider under /oidc (nothing when an external issuer is used). */
  plugin: (app: FastifyInstance) => Promise<void>
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
}: {
  config: AppConfig
  database: DatabaseHandle
}): Promise<IdentityModule> {
  if (config.identity.mode === 'external') {
    const verifyAccessToken = createAccessTokenVerifier(config.identity, { discover: true })
    return { verifyAccessToken, requireAdmin: createAdminGuard(verifyAccessToken), plugin: async () => {} }
  }

  const keys = await loadOrCreateIdentityKeys(database.db)
  const accounts = createAccountsService(database.db)
  const throttle = createSignInThrottle(database.db)
  const provider = createProvider({ config, db: database.db, keys, accounts })
  const verifyAccessToken = createAccessTokenVerifier(config.identity, { publicKeys: keys.publicKeys })
  const callback = provider.callback()

  const plugin = fp(
    async (app: FastifyInstance) => {
      provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'))
      await app.register(middie)
      // The sign-in pages under /oidc/interaction are Fastify routes; the
      // provider gets everything else under /oidc (see TOOLCHAIN G11).
      app.use(MOUNT_PATH, (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        if (req.url?.startsWith('/interaction/')) return next()
        return callback(req, res)
      })
      await app.register(
        async (scope) =>
          interactionRoutes(scope, {
            config,
            provider,
            accounts,
            throttle,
            csrfSecret: keys.cookieKeys[0] ?? '',
          }),
        { prefix: MOUNT_PATH },
      )
    },
    { name: 'identity-provider' },
  )

  return { verifyAccessToken, requireAdmin: createAdminGuard(verifyAccessToken), plugin }
}
