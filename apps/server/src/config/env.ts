import path from 'node:path'
import type { z } from 'zod'
import { EnvSchema } from './env-schema.js'
import { ConfigError } from './config-error.js'
import { payplusConfig, type PayPlusConfig } from './payplus-config.js'

/**
 * The only reader of process.env. Everything the server can be configured with is
 * declared in env-schema.ts, validated here once at start-up and frozen.
 */

export { SANDBOX_PAYPLUS_KEYS, SANDBOX_PAYPLUS_PATH } from './payplus-config.js'

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  /** PostgreSQL when set; otherwise embedded PGlite under `dataDir/db` (or in memory when dataDir is null). */
  databaseUrl: string | undefined
  publicUrl: string
  logLevel: string
  shopName: string
  shopEmail: string
  shippingFeeAgorot: number
  vatRate: number
  /** Business days from order to delivery; the single source for the terms, thank-you page and e-mail. */
  deliveryDays: { min: number; max: number }
  seedDemoData: boolean
  payplus: PayPlusConfig
  orderPaymentTimeoutMinutes: number
  /** Unpaid orders hold stock: how many checkouts an address may start a minute, and an e-mail may leave unpaid. */
  checkoutLimits: { perMinute: number; unpaidPerEmail: number }
  /**
   * How long a checkout request holds an order's payment-page claim (decision 120). Not an
   * environment variable: the PayPlus adapter gives up on the provider after 10 s, so a
   * claim still held past 20 s belongs to a process that died. Tests shorten it.
   */
  paymentPageClaimSeconds: number
  /**
   * The rendered pages: the cache's bound in bytes, the renders of unkept pages made at once and
   * waiting in line, and how many one address may cause per window (decisions 271, 272). The
   * window is not an environment variable: tests lengthen it so no slow run outlives it.
   */
  pages: Readonly<{
    cacheMaxBytes: number
    rendersAtOnce: number
    renderQueue: number
    rendersPerAddress: Readonly<{ max: number; windowSeconds: number }>
  }>
  /** Seconds between runs of the reconciliation and mail jobs; 0 = not started. */
  reconcileIntervalSeconds: number
  /** How often the review e-mail job runs (REVIEW_REQUEST_INTERVAL_SECONDS, issue 36). */
  reviewRequestIntervalSeconds: number
  smtpUrl: string | undefined
  mailFrom: string
  /**
   * A mail someone waits for (a sign-up's link, a confirmation) is sent as soon as it is in the
   * outbox, the job only retrying; tests turn it off to read the outbox before it goes out.
   */
  mailSendsAtOnce: boolean
  formsRateLimitPerMinute: number
  /** HMAC key of the e-mailed confirmation links; undefined: one kept in the database (decision 237). */
  linkSecret: string | undefined
  /** Redis for rate-limit counters; undefined keeps them in memory (one process only). */
  redisUrl: string | undefined
  trustProxy: boolean | string | ((address: string, hop: number) => boolean)
  /** S3-compatible image storage; null keeps uploaded images in `dataDir/uploads`. */
  s3: S3Config | null
  /** The daily backup: off when `dir` is null (`npm run backup` works either way). */
  backup: Readonly<{ dir: string | null; keep: number }>
  /** Folder of the built SPA; null when the server runs without it (API only). */
  webDistDir: string | null
  /** The web app's server renderer (apps/web/dist-ssr/entry-server.js); null renders pages in the browser only. */
  webRendererEntry: string | null
  identity: IdentityConfig
}>

export type IdentityConfig = Readonly<{
  /** `builtin`: the embedded provider at `${publicUrl}/oidc`; `external`: any OIDC issuer. */
  mode: 'builtin' | 'external'
  issuer: string
  clientId: string
  audience: string
  rolesClaim: string
  /** External issuers only: the authorize parameter that names the audience (Auth0: `audience`). */
  audienceParameter: 'audience' | 'resource' | 'none'
  /** Auth0 organization id (`org_…`) or name every token must belong to. */
  organization: string | undefined
  /** Origins of the web app the built-in provider may redirect back to. */
  webOrigins: readonly string[]
  adminEmail: string | undefined
  adminPassword: string | undefined
}>

export type S3Config = Readonly<{
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Public base address of the bucket's objects (a CDN, or the bucket itself). */
  publicUrl: string
}>

export { ConfigError } from './config-error.js'

/**
 * The folder a command was typed in: npm runs workspace scripts in the workspace, so
 * `npm run restore -- ../backup.tar.gz` means a path relative to where the user stood.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd()
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])] ?? '')}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`)
  }
  const e = parsed.data
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const payplus = payplusConfig(e, publicUrl)
  const runtimeEnv = overrides.env ?? e.NODE_ENV
  assertConsistent(e, publicUrl, runtimeEnv, payplus)
  const identity = identityConfig(e, publicUrl, runtimeEnv)
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    shopName: e.SHOP_NAME,
    shopEmail: e.SHOP_EMAIL,
    shippingFeeAgorot: Math.round(e.SHIPPING_FEE * 100),
    vatRate: e.VAT_RATE,
    deliveryDays: Object.freeze({ min: e.DELIVERY_DAYS_MIN, max: e.DELIVERY_DAYS_MAX }),
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: null,
    webRendererEntry: null,
    payplus,
    orderPaymentTimeoutMinutes: e.ORDER_PAYMENT_TIMEOUT_MINUTES,
    checkoutLimits: Object.freeze({
      perMinute: e.CHECKOUT_RATE_LIMIT_PER_MINUTE,
      unpaidPerEmail: e.UNPAID_ORDERS_PER_EMAIL,
    }),
    paymentPageClaimSeconds: 20,
    pages: Object.freeze({
      cacheMaxBytes: e.PAGE_CACHE_MAX_BYTES,
      rendersAtOnce: e.PAGE_RENDERS_AT_ONCE,
      renderQueue: e.PAGE_RENDER_QUEUE,
      rendersPerAddress: Object.freeze({ max: e.PAGE_RENDERS_PER_MINUTE, windowSeconds: 60 }),
    }),
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    reviewRequestIntervalSeconds: e.REVIEW_REQUEST_INTERVAL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SHOP_NAME} <${e.SHOP_EMAIL}>`,
    mailSendsAtOnce: true,
    identity,
    formsRateLimitPerMinute: e.FORMS_RATE_LIMIT_PER_MINUTE,
    linkSecret: e.LINK_SECRET,
    redisUrl: e.REDIS_URL,
    s3: s3Config(e),
    backup: Object.freeze({ dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : null, keep: e.BACKUP_KEEP }),
    ...overrides,
  })
}

function parseTrustProxy(value: string): AppConfig['trustProxy'] {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const

/** All of S3_* or none: half a configuration would silently keep images on the local disk. */
function s3Config(e: z.infer<typeof EnvSchema>): S3Config | null {
  const given = ([...S3_REQUIRED, 'S3_REGION'] as const).filter((name) => e[name])
  if (given.length === 0) return null
  const missing = S3_REQUIRED.filter((name) => !e[name])
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set, so ${missing.join(', ')} must be set too`,
    )
  }
  return Object.freeze({
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL!.replace(/\/+$/, ''),
  })
}

type Env = z.infer<typeof EnvSchema>

/** Settings that are valid one by one but not together. */
function assertConsistent(
  e: Env,
  publicUrl: string,
  runtimeEnv: AppConfig['env'],
  payplus: AppConfig['payplus'],
) {
  if (e.DELIVERY_DAYS_MAX < e.DELIVERY_DAYS_MIN) {
    throw new ConfigError(
      `Invalid configuration: DELIVERY_DAYS_MAX=${e.DELIVERY_DAYS_MAX} is less than DELIVERY_DAYS_MIN=${e.DELIVERY_DAYS_MIN}`,
    )
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration: OIDC_ISSUER is set, so OIDC_CLIENT_ID is required too')
  }
  // The sandbox's secret is public, so anyone could sign a "paid" callback: a live shop
  // must not take payments through it by accident (decision 113).
  if (
    runtimeEnv === 'production' &&
    publicUrl.startsWith('https://') &&
    payplus.isSandbox &&
    e.PAYMENTS_SANDBOX !== 'true'
  ) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is https and NODE_ENV=production, but payments still go to the ' +
        'built-in sandbox, whose keys are public. Set PAYPLUS_API_URL, PAYPLUS_API_KEY, PAYPLUS_SECRET_KEY and ' +
        'PAYPLUS_PAGE_UID for a real PayPlus account, or PAYMENTS_SANDBOX=true for a demonstration shop.',
    )
  }
}

function identityConfig(e: Env, publicUrl: string, runtimeEnv: AppConfig['env']): IdentityConfig {
  let webOrigins: string[]
  try {
    webOrigins = [
      new URL(publicUrl).origin,
      // The Vite dev server runs the SPA on its own origin.
      ...(runtimeEnv === 'development' ? ['http://localhost:5173'] : []),
      ...(e.OIDC_WEB_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) => new URL(o).origin),
    ]
  } catch {
    throw new ConfigError(
      `Invalid configuration: OIDC_WEB_ORIGINS=${JSON.stringify(e.OIDC_WEB_ORIGINS)}: not a list of URLs`,
    )
  }
  return Object.freeze({
    mode: e.OIDC_ISSUER ? 'external' : 'builtin',
    issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    clientId: e.OIDC_CLIENT_ID ?? 'tavlin-web',
    audience: e.OIDC_AUDIENCE,
    rolesClaim: e.OIDC_ROLES_CLAIM,
    audienceParameter: e.OIDC_AUDIENCE_PARAMETER,
    organization: e.OIDC_ISSUER ? e.OIDC_ORGANIZATION : undefined,
    webOrigins: Object.freeze([...new Set(webOrigins)]),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
  })
}
