import type { FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors.js'

/**
 * The admin check, run as a preHandler over every route that changes the
 * catalogue, reads orders or lists submissions. Modules take it as a plugin
 * option (`{ requireAdmin }`) so the identity module decides what it means.
 */
export type AdminGuard = (request: FastifyRequest) => Promise<void>

/** Until an identity provider is wired in, no one is an administrator. */
export const denyAllAdmins: AdminGuard = async () => {
  throw new AppError('UNAUTHORIZED', 'Sign-in required')
}

/** The shopper check over `/api/account/*`: any valid access token (401 without). */
export type ShopperGuard = (request: FastifyRequest) => Promise<void>

/** Who is signed in, where guests are welcome too: undefined for a guest, 401 for a bad token. */
export type OptionalShopper = (request: FastifyRequest) => Promise<{ subject: string } | undefined>
