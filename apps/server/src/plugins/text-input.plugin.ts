import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { findInvalidText } from '@tavlin/contracts'
import { invalidTextIn } from '../lib/errors.js'

/**
 * The contracts' text rule (decision 110) at the edge, for every route at once: path
 * parameters, the query string and a parsed body (JSON or form, keys included) are
 * checked before the route's own schema, so no text the database would refuse, and no
 * control character, reaches a service. Multipart parts are read by the uploads route
 * itself and checked there; the identity provider's own endpoints in identity.ts.
 */
export const textInputPlugin = fp(
  async function textInput(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      for (const [context, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const path = findInvalidText(value)
        if (path) throw invalidTextIn(context, path)
      }
    })
  },
  { name: 'text-input' },
)
