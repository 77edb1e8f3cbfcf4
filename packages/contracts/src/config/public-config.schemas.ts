import { z } from 'zod'

/** What the SPA reads at run time from `GET /api/config`, so one build runs anywhere. */
export const PublicConfigSchema = z.object({
  shopName: z.string(),
  /** SHOP_EMAIL: where contact messages go, so the contact page shows that address. */
  shopEmail: z.string(),
  currency: z.literal('ILS'),
  /** Shipping fee in shekels, added once per order. */
  shippingFee: z.number(),
  /** VAT rate as a fraction (0.18); catalogue prices include it. */
  vatRate: z.number(),
  /** Delivery time in Israeli business days (see orders/delivery.ts). */
  deliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
  identity: z.object({
    authority: z.string(),
    clientId: z.string(),
    audience: z.string(),
    rolesClaim: z.string(),
    scope: z.string(),
    /**
     * How to ask the issuer for an access token for `audience`: `resource`
     * (RFC 8707, the built-in provider), `audience` (Auth0), or `none` when the
     * issuer adds the audience by itself (Keycloak with an audience mapper).
     */
    audienceParameter: z.enum(['resource', 'audience', 'none']),
    /** Auth0 Organizations: sent as `organization` on sign-in; tokens must carry it. */
    organization: z.string().optional(),
  }),
  payment: z.object({
    provider: z.string(),
    /** Payments go to the built-in sandbox (no money moves); the admin area says so in a banner. */
    isSandbox: z.boolean().default(false),
  }),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>
