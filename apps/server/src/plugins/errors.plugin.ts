import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ErrorCode, ErrorDetail } from '@tavlin/contracts'
import { AppError, STATUS_BY_CODE } from '../lib/errors.js'
import { sqlStateOf } from '../lib/pg-errors.js'

/**
 * One place that writes the error envelope `{ success: false, code, message, details? }`
 * (DESIGN §4). A 5xx never carries the original message, stack or SQL.
 */
export const errorsPlugin = fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) void reply.headers(error.headers)
        return send(reply, error.code, error.message, error.details)
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details: ErrorDetail[] = error.validation.map((issue) => ({
          field: [contextName(error.validationContext), ...pathOf(issue.instancePath)]
            .filter(Boolean)
            .join('.'),
          message: issue.message ?? 'invalid',
        }))
        return send(reply, 'VALIDATION_ERROR', 'Invalid request', details)
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response did not match its schema')
        return send(reply, 'INTERNAL_ERROR', 'Internal server error')
      }
      const status = error.statusCode ?? 500
      if (status === 429) return send(reply, 'RATE_LIMITED', error.message || 'Too many requests')
      if (status === 413) return send(reply, 'PAYLOAD_TOO_LARGE', 'Request body is too large')
      if (status === 415) return send(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type')
      if (status >= 400 && status < 500) {
        // Malformed JSON, an empty body where one is required, and the like.
        const code: ErrorCode =
          status === 404
            ? 'NOT_FOUND'
            : status === 401
              ? 'UNAUTHORIZED'
              : status === 403
                ? 'FORBIDDEN'
                : 'VALIDATION_ERROR'
        return reply
          .code(status)
          .send({ success: false, code, message: error.message, details: error.validation ? [] : undefined })
      }
      const sqlState = sqlStateOf(error)
      if (sqlState) {
        // Drizzle's message holds the whole statement with its parameters, i.e. what a
        // customer typed: only the driver's own message and the SQLSTATE are logged.
        const database = { sqlState, message: driverMessage(error) }
        if (TEXT_REFUSED_BY_DATABASE.has(sqlState)) {
          // The edge's text rule (decision 110) should have caught it; still the client's fault.
          request.log.warn({ database }, 'database refused the request text')
          return send(reply, 'VALIDATION_ERROR', 'Invalid request')
        }
        request.log.error({ database }, 'database error')
        return send(reply, 'INTERNAL_ERROR', 'Internal server error')
      }
      request.log.error({ err: error }, 'unhandled error')
      return send(reply, 'INTERNAL_ERROR', 'Internal server error')
    })
  },
  { name: 'errors' },
)

/** SQLSTATEs for text the database cannot store: NUL, ill-formed or untranslatable characters. */
const TEXT_REFUSED_BY_DATABASE = new Set(['22021', '22P05'])

/** The innermost driver error's message: the database's words, without the statement or its values. */
function driverMessage(error: unknown): string {
  let current = error as { cause?: unknown; message?: unknown }
  while (current.cause && typeof current.cause === 'object') current = current.cause as typeof current
  return typeof current.message === 'string' ? current.message : 'unknown'
}

function send(reply: FastifyReply, code: ErrorCode, message: string, details?: unknown) {
  return reply.code(STATUS_BY_CODE[code]).send({ success: false, code, message, details })
}

/** Fields are named as the contracts document them: `query.page`, not Fastify's `querystring.page`. */
function contextName(context: string | undefined): string | undefined {
  return context === 'querystring' ? 'query' : context
}

/** `/pricing/0/price` → ['pricing', '0', 'price'] */
function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean)
}
