import path from 'node:path'
import { z } from 'zod'

/**
 * The only reader of process.env. Everything the server can be configured
 * with is declared here, validated once at start-up and frozen.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_NAME: z.string().min(1).default('תבלין'),
  SHOP_EMAIL: z.email().default('shop@tavlin.local'),
  SHIPPING_FEE: z.coerce.number().min(0).max(1000).default(15),
  VAT_RATE: z.coerce.number().min(0).max(1).default(0.18),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
})

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
  seedDemoData: boolean
  /** Folder of the built SPA; null when the server runs without it (API only). */
  webDistDir: string | null
}>

export class ConfigError extends Error {}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])] ?? '')}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`)
  }
  const e = parsed.data
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    shopName: e.SHOP_NAME,
    shopEmail: e.SHOP_EMAIL,
    shippingFeeAgorot: Math.round(e.SHIPPING_FEE * 100),
    vatRate: e.VAT_RATE,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    webDistDir: null,
    ...overrides,
  })
}
