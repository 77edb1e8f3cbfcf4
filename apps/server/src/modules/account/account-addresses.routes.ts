import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AddressIdParamsSchema,
  ErrorEnvelopeSchema,
  SavedAddressInputSchema,
  SavedAddressListSchema,
  SavedAddressSchema,
  envelope,
} from '@tavlin/contracts'
import type { AddressesService } from './account-addresses.service.js'
import { accountErrors, accountRoute, ok, shopperOf } from './account-scope.js'

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

const subjectOf = (request: Parameters<typeof shopperOf>[0]) => shopperOf(request).subject

/** The shopper's saved addresses, inside the account's guarded scope (account.routes.ts). */
export function addressRoutes(app: ZodApp, addresses: AddressesService) {
  app.get(
    '/account/addresses',
    {
      schema: {
        ...accountRoute,
        summary: "The shopper's saved addresses, the default first",
        response: { 200: envelope(SavedAddressListSchema), ...accountErrors },
      },
    },
    async (request) => ok(await addresses.list(subjectOf(request))),
  )
  app.post(
    '/account/addresses',
    {
      schema: {
        ...accountRoute,
        summary: 'Save an address (an Israeli locality); the first one saved becomes the default',
        body: SavedAddressInputSchema,
        response: { 201: envelope(SavedAddressSchema), ...accountErrors, 409: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await addresses.create(subjectOf(request), request.body))),
  )
  app.put(
    '/account/addresses/:addressId',
    {
      schema: {
        ...accountRoute,
        summary: 'Change a saved address; isDefault: true makes it the default',
        params: AddressIdParamsSchema,
        body: SavedAddressInputSchema,
        response: { 200: envelope(SavedAddressSchema), ...accountErrors },
      },
    },
    async (request) => ok(await addresses.update(subjectOf(request), request.params.addressId, request.body)),
  )
  app.post(
    '/account/addresses/:addressId/default',
    {
      schema: {
        ...accountRoute,
        summary: 'Make a saved address the default; answers the whole list',
        params: AddressIdParamsSchema,
        response: { 200: envelope(SavedAddressListSchema), ...accountErrors },
      },
    },
    async (request) => ok(await addresses.setDefault(subjectOf(request), request.params.addressId)),
  )
  app.delete(
    '/account/addresses/:addressId',
    {
      schema: {
        ...accountRoute,
        summary: 'Delete a saved address (the oldest left becomes the default); answers the whole list',
        params: AddressIdParamsSchema,
        response: { 200: envelope(SavedAddressListSchema), ...accountErrors },
      },
    },
    async (request) => ok(await addresses.remove(subjectOf(request), request.params.addressId)),
  )
}
