import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AccountDeletionResultSchema,
  AccountOrderIdParamsSchema,
  AccountOrderListQuerySchema,
  AccountOrderListSchema,
  AccountOrderSchema,
  AccountProfileInputSchema,
  AccountProfileSchema,
  ClaimOrdersResultSchema,
  ReorderSchema,
  envelope,
} from '@tavlin/contracts'
import type { ShopperGuard } from '../../plugins/admin-guard.js'
import { addressRoutes } from './account-addresses.routes.js'
import type { AddressesService } from './account-addresses.service.js'
import { favouriteRoutes } from './account-favourites.routes.js'
import type { FavouritesService } from './account-favourites.service.js'
import type { AccountService } from './account.service.js'
import { accountErrors, accountRoute, ok, shopperOf } from './account-scope.js'

export type AccountRoutesOptions = {
  account: AccountService
  addresses: AddressesService
  favourites: FavouritesService
  requireShopper: ShopperGuard
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/**
 * Under /api/account: "החשבון שלי" (issue 22, decision 230). Any valid access token of the
 * shop's identity provider, whatever its roles, is a shopper; each sees only their own.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, addresses, favourites, requireShopper },
) => {
  app.addHook('onRequest', requireShopper)
  // A shopper's data: never kept by a shared cache or the browser's back button.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store')
  })
  profileRoutes(app, account)
  orderRoutes(app, account)
  addressRoutes(app, addresses)
  favouriteRoutes(app, favourites)
}

function profileRoutes(app: ZodApp, account: AccountService) {
  app.get(
    '/account',
    {
      schema: {
        ...accountRoute,
        summary: "The signed-in shopper's profile: names, phone, e-mail, marketing consent",
        response: { 200: envelope(AccountProfileSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.profile(shopperOf(request))),
  )
  app.put(
    '/account',
    {
      schema: {
        ...accountRoute,
        summary: 'Save names and phone; turn marketing mail on (recorded with its wording) or off',
        description: 'Marketing consent needs a confirmed e-mail (403 EMAIL_NOT_VERIFIED).',
        body: AccountProfileInputSchema,
        response: { 200: envelope(AccountProfileSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.updateProfile(shopperOf(request), request.body)),
  )
  app.delete(
    '/account',
    {
      schema: {
        ...accountRoute,
        summary:
          "Delete the account: profile and addresses, consent withdrawn, the orders' personal fields masked",
        response: { 200: envelope(AccountDeletionResultSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.deleteAccount(shopperOf(request))),
  )
  app.post(
    '/account/claim-orders',
    {
      schema: {
        ...accountRoute,
        summary:
          "Link guest orders placed with the account's confirmed e-mail (403 EMAIL_NOT_VERIFIED otherwise)",
        response: { 200: envelope(ClaimOrdersResultSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.claimOrders(shopperOf(request))),
  )
}

function orderRoutes(app: ZodApp, account: AccountService) {
  app.get(
    '/account/orders',
    {
      schema: {
        ...accountRoute,
        summary: "The shopper's orders, newest first",
        querystring: AccountOrderListQuerySchema,
        response: { 200: envelope(AccountOrderListSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.listOrders(shopperOf(request), request.query)),
  )
  app.get(
    '/account/orders/:orderId',
    {
      schema: {
        ...accountRoute,
        summary: "One of the shopper's orders (404 for anyone else's)",
        params: AccountOrderIdParamsSchema,
        response: { 200: envelope(AccountOrderSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.getOrder(shopperOf(request), request.params.orderId)),
  )
  app.post(
    '/account/orders/:orderId/reorder',
    {
      schema: {
        ...accountRoute,
        summary: "An order's lines again at today's prices, capped at stock, with the lines left out",
        params: AccountOrderIdParamsSchema,
        response: { 200: envelope(ReorderSchema), ...accountErrors },
      },
    },
    async (request) => ok(await account.reorder(shopperOf(request), request.params.orderId)),
  )
}
