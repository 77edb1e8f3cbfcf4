import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../../config/env.js'
import { runPayPlusCheck, type CheckSettings } from './payplus-check.js'

const USAGE = `Usage: npm run payplus:check [-- --api-url URL --api-key KEY --secret-key KEY --page-uid UID]

Reads PAYPLUS_API_URL, PAYPLUS_API_KEY, PAYPLUS_SECRET_KEY and PAYPLUS_PAGE_UID (flags win).
Makes a ₪1 link that nobody pays, looks it up, and prints what the account accepts.
`

/** The owner's settings from flags or the server's configuration; a Hebrew-and-English line for what is missing. */
export function checkSettingsFrom(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { settings: CheckSettings } | { missing: string } | { help: true } {
  const { values } = parseArgs({
    args: argv,
    options: {
      'api-url': { type: 'string' },
      'api-key': { type: 'string' },
      'secret-key': { type: 'string' },
      'page-uid': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return { help: true }
  const config = loadConfig(env)
  // Without an address the server runs its own sandbox: nothing of the owner's to check.
  const fromConfig = config.payplus.isSandbox ? undefined : config.payplus
  const given = {
    PAYPLUS_API_URL: values['api-url'] ?? fromConfig?.apiUrl,
    PAYPLUS_API_KEY: values['api-key'] ?? fromConfig?.apiKey,
    PAYPLUS_SECRET_KEY: values['secret-key'] ?? fromConfig?.secretKey,
    PAYPLUS_PAGE_UID: values['page-uid'] ?? fromConfig?.pageUid,
  }
  const missing = Object.entries(given)
    .filter(([, value]) => !value)
    .map(([name]) => name)
  if (missing.length > 0) return { missing: missing.join(', ') }
  return {
    settings: {
      apiUrl: given.PAYPLUS_API_URL!.replace(/\/*$/, '/'),
      apiKey: given.PAYPLUS_API_KEY!,
      secretKey: given.PAYPLUS_SECRET_KEY!,
      pageUid: given.PAYPLUS_PAGE_UID!,
      publicUrl: config.publicUrl,
    },
  }
}

async function main(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`)
  const found = checkSettingsFrom(process.argv.slice(2), process.env)
  if ('help' in found) {
    out(USAGE)
    return
  }
  if ('missing' in found) {
    out(`✘ Missing settings / חסרות הגדרות: ${found.missing}`)
    out(USAGE)
    process.exitCode = 1
    return
  }
  process.exitCode = await runPayPlusCheck(found.settings, out)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `payplus:check: ${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(1)
  })
}
