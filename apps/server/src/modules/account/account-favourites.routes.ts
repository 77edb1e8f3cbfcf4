import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  FavouriteListSchema,
  FavouriteParamsSchema,
  FavouritesMergeSchema,
  envelope,
} from '@tavlin/contracts'
import type { FavouritesService } from './account-favourites.service.js'
import { accountErrors, accountRoute, ok, shopperOf } from './account-scope.js'

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

const subjectOf = (request: Parameters<typeof shopperOf>[0]) => shopperOf(request).subject
const listResponse = { 200: envelope(FavouriteListSchema), ...accountErrors }

/** The shopper's favourites (issue 36), inside the account's guarded scope (account.routes.ts). */
export function favouriteRoutes(app: ZodApp, favourites: FavouritesService) {
  app.get(
    '/account/favourites',
    {
      schema: {
        ...accountRoute,
        summary: "The shopper's favourites, newest first, with today's price of each size and the units left",
        response: listResponse,
      },
    },
    async (request) => ok(await favourites.list(subjectOf(request))),
  )
  app.put(
    '/account/favourites/:itemType/:itemId',
    {
      schema: {
        ...accountRoute,
        summary:
          'Mark a product or package as a favourite (404 if the catalogue has no such item); answers the list',
        params: FavouriteParamsSchema,
        response: listResponse,
      },
    },
    async (request) => ok(await favourites.add(subjectOf(request), request.params)),
  )
  app.delete(
    '/account/favourites/:itemType/:itemId',
    {
      schema: {
        ...accountRoute,
        summary: 'Unmark a favourite (nothing to unmark is no error); answers the list',
        params: FavouriteParamsSchema,
        response: listResponse,
      },
    },
    async (request) => ok(await favourites.remove(subjectOf(request), request.params)),
  )
  app.post(
    '/account/favourites/merge',
    {
      schema: {
        ...accountRoute,
        summary: "At sign-in: add the browser's favourites that the catalogue still has; answers the list",
        body: FavouritesMergeSchema,
        response: listResponse,
      },
    },
    async (request) => ok(await favourites.merge(subjectOf(request), request.body.items)),
  )
}
