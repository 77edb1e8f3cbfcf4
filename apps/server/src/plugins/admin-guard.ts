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
