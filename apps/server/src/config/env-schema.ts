import { z } from 'zod'

/**
 * Everything the server can be configured with, read by config/env.ts (the only reader
 * of process.env), validated once at start-up.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  /**
   * Set by npm to the folder `npm` was run in. `npm start` at the repository's root runs
   * the server inside apps/server, yet the README's `data/` is the root's: a relative
   * DATA_DIR is taken from where the command was typed.
   */
  INIT_CWD: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), which the rate
   * limits count by: `false` (none, the default), `true` (any — only behind a proxy that
   * overwrites the header), a number of hops, or a comma-separated list of addresses/CIDRs
   * (`loopback`, `linklocal` and `uniquelocal` name the usual private ranges).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|((loopback|linklocal|uniquelocal|[\d.:/a-fA-F]+)\s*,?\s*)+)$/,
      'must be true, false, a number of hops or a list of addresses',
    )
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_NAME: z.string().min(1).default('תבלין'),
  SHOP_EMAIL: z.email().default('shop@tavlin.local'),
  SHIPPING_FEE: z.coerce.number().min(0).max(1000).default(15),
  VAT_RATE: z.coerce.number().min(0).max(1).default(0.18),
  /** Delivery time in Israeli business days (Sunday–Thursday), promised by every page and e-mail. */
  DELIVERY_DAYS_MIN: z.coerce.number().int().min(1).max(60).default(3),
  DELIVERY_DAYS_MAX: z.coerce.number().int().min(1).max(60).default(5),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  /**
   * `true` lets a production server on an https address take payments through the built-in
   * sandbox, whose keys are public (anyone can sign its callbacks): for a demonstration only.
   */
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).default('false'),
  /** The PayPlus invoice module is on for this account: payments and refunds send initial_invoice. */
  PAYPLUS_INVOICE_MODULE: z.enum(['true', 'false']).default('false'),
  PAYPLUS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPLUS_API_KEY: z.string().min(1).optional(),
  PAYPLUS_SECRET_KEY: z.string().min(1).optional(),
  PAYPLUS_PAGE_UID: z.string().min(1).optional(),
  /** The built-in sandbox's knobs (config/sandbox-behaviour.ts), e.g. `returnMethod=post`. */
  PAYPLUS_SANDBOX_BEHAVIOUR: z.string().optional(),
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(15),
  /** Checkouts one address may start in a minute (issue 32: 30 a minute held every unit). */
  CHECKOUT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Orders one e-mail may have waiting for payment at once; the next checkout is a 429. */
  UNPAID_ORDERS_PER_EMAIL: z.coerce.number().int().min(1).max(1_000).default(3),
  /** Bytes of rendered pages (plain and compressed) each process keeps, older versions' included (decision 271). */
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024, 'must be at least 1048576 (1 MB)')
    .max(2 ** 32)
    .default(32 * 1024 * 1024),
  /** Renders of pages not yet kept that one process makes at once; the others wait in line (decision 272). */
  PAGE_RENDERS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(4),
  /** How many such renders may wait in line; past it a visitor gets the older kept page or a 503. */
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(1_000).default(16),
  /** Renders of pages not yet kept that one address may cause in a minute; past it a 429 (decision 272). */
  PAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** 0 turns the in-process reconciliation and mail jobs off (tests drive them directly). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How often the review e-mail job looks for orders due one (issue 36). */
  REVIEW_REQUEST_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).default('urn:tavlin:api'),
  OIDC_ROLES_CLAIM: z.string().min(1).default('https://tavlin.shop/roles'),
  OIDC_WEB_ORIGINS: z.string().optional(),
  OIDC_ORGANIZATION: z.string().min(1).optional(),
  OIDC_AUDIENCE_PARAMETER: z.enum(['audience', 'resource', 'none']).default('audience'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  /** Submissions per minute per client address, for each visitor form separately. */
  FORMS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
  /**
   * The HMAC key of the e-mailed confirmation links (decision 237); made once and kept in the
   * database when unset.
   */
  LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Rate-limit counters shared by all server processes; in process memory when unset. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** S3-compatible image storage; images stay in $DATA_DIR/uploads when none of these is set. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Folder of the daily backup (decision 121); no daily backup when unset. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily backups BACKUP_DIR keeps; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
})
