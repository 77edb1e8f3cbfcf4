import type { FastifyRequest } from 'fastify'
import { ErrorEnvelopeSchema } from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import { identityOf } from '../identity/index.js'
import type { Shopper } from './account.service.js'

/** The shopper the guard verified for this request (decision 230). */
export function shopperOf(request: FastifyRequest): Shopper {
  const identity = identityOf(request)
  if (!identity) throw new AppError('UNAUTHORIZED', 'Sign-in required')
  const { subject, email, emailVerified, givenName, familyName } = identity
  return { subject, email, emailVerified, givenName, familyName }
}

/** What every account route may answer besides its data. */
export const accountErrors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
}

/** Every account route is a shopper's: in the OpenAPI document it needs a bearer token. */
export const accountRoute = { tags: ['account'], security: [{ bearerAuth: [] }] }

export const ok = <T>(data: T) => ({ success: true as const, data })
