import type { FastifyRequest } from 'fastify'
import { identityOf } from '../identity/index.js'
import type { Actor } from './audit.service.js'

/**
 * The actor of an admin request, from the identity the admin guard verified.
 * Undefined when no guard ran (tests that replace the guard): nothing is recorded then.
 */
export function actorOf(request: FastifyRequest): Actor | undefined {
  const identity = identityOf(request)
  return identity ? { subject: identity.subject, email: identity.email ?? null } : undefined
}
