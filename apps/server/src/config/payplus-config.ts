import type { z } from 'zod'
import { ConfigError } from './config-error.js'
import type { EnvSchema } from './env-schema.js'
import { parseSandboxBehaviour, type SandboxBehaviour } from './sandbox-behaviour.js'

/** The built-in PayPlus stand-in's keys: public on purpose, accepted only by the sandbox. */
export const SANDBOX_PAYPLUS_KEYS = Object.freeze({
  apiKey: 'sandbox-api-key',
  secretKey: 'sandbox-secret-key',
  pageUid: 'sandbox-payment-page',
})

export const SANDBOX_PAYPLUS_PATH = '/sandbox/payplus'

export type PayPlusConfig = Readonly<{
  /** Base of PayPlus's REST API, ending in `/api/v1.0/`. */
  apiUrl: string
  apiKey: string
  secretKey: string
  pageUid: string
  /** True when apiUrl is this server's own sandbox, which is then mounted. */
  isSandbox: boolean
  /** PayPlus issues the receipt and the credit document (PAYPLUS_INVOICE_MODULE). */
  invoiceModule: boolean
  /** How the built-in sandbox behaves where PayPlus may answer in several ways (PAYPLUS_SANDBOX_BEHAVIOUR). */
  sandbox: Readonly<SandboxBehaviour>
}>

/** PayPlus's address and keys, or the built-in sandbox's (with its knobs) when no address is set. */
export function payplusConfig(e: z.infer<typeof EnvSchema>, publicUrl: string): PayPlusConfig {
  const sandboxUrl = `${publicUrl}${SANDBOX_PAYPLUS_PATH}/api/v1.0/`
  const apiUrl = (e.PAYPLUS_API_URL ?? sandboxUrl).replace(/\/*$/, '/')
  const isSandbox = apiUrl === sandboxUrl
  let sandbox: SandboxBehaviour
  try {
    sandbox = parseSandboxBehaviour(e.PAYPLUS_SANDBOX_BEHAVIOUR)
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: PAYPLUS_SANDBOX_BEHAVIOUR=${JSON.stringify(e.PAYPLUS_SANDBOX_BEHAVIOUR)}: ${(error as Error).message}`,
    )
  }
  if (isSandbox) {
    return Object.freeze({
      apiUrl,
      apiKey: e.PAYPLUS_API_KEY ?? SANDBOX_PAYPLUS_KEYS.apiKey,
      secretKey: e.PAYPLUS_SECRET_KEY ?? SANDBOX_PAYPLUS_KEYS.secretKey,
      pageUid: e.PAYPLUS_PAGE_UID ?? SANDBOX_PAYPLUS_KEYS.pageUid,
      isSandbox,
      invoiceModule: e.PAYPLUS_INVOICE_MODULE === 'true',
      sandbox: Object.freeze(sandbox),
    })
  }
  // A real PayPlus account never runs on the sandbox's public keys.
  const missing = (['PAYPLUS_API_KEY', 'PAYPLUS_SECRET_KEY', 'PAYPLUS_PAGE_UID'] as const).filter(
    (name) => !e[name],
  )
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: PAYPLUS_API_URL=${JSON.stringify(apiUrl)} is not the built-in sandbox, so ${missing.join(', ')} must be set`,
    )
  }
  return Object.freeze({
    apiUrl,
    apiKey: e.PAYPLUS_API_KEY!,
    secretKey: e.PAYPLUS_SECRET_KEY!,
    pageUid: e.PAYPLUS_PAGE_UID!,
    isSandbox,
    invoiceModule: e.PAYPLUS_INVOICE_MODULE === 'true',
    sandbox: Object.freeze(sandbox),
  })
}
