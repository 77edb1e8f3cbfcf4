import { parseArgs } from 'node:util'
import { ConfigError, loadConfig, type AppConfig } from '../../config/env.js'
import { openMigratedDatabase } from '../../db/bootstrap.js'
import { AppError } from '../../lib/errors.js'
import type { AccountsService } from './accounts.service.js'
import { askShop, isShopRunning } from '../../db/backup/control-socket.js'
import { createAccounts, ROTATE_KEYS_ROUTE, rotateKeys, type KeyRotation } from './index.js'
import { keepNewFilesPrivate } from '../../lib/private-files.js'

const USAGE = `Usage: npm run admin -- <command>

  create <email> [--role Admin] [--role …]   create an account; prints its generated password once
  reset-password <email>                      set a new generated password; prints it once
  list                                        list the accounts and their roles
  remove <email>                              delete an account; its sessions and tokens end at once
  rotate-keys                                 after a leak: new signing and cookie keys, the old ones
                                              refused at once, everyone signs in again
`

/** Runs one command; returns the process exit code. Output goes through `out` so tests can read it. */
export async function runAdminCommand(
  argv: string[],
  accounts: AccountsService,
  out: (line: string) => void,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
  })
  const [command, email] = positionals
  try {
    switch (command) {
      case 'create': {
        if (!email) break
        const { account, password } = await accounts.create({ email, roles: values.role ?? [] })
        out(`Created ${account.email}${account.roles.length ? ` (${account.roles.join(', ')})` : ''}`)
        out(`Password (shown once): ${password}`)
        return 0
      }
      case 'reset-password': {
        if (!email) break
        const password = await accounts.resetPassword(email)
        out(`New password for ${email.toLowerCase()} (shown once): ${password}`)
        return 0
      }
      case 'list': {
        const list = await accounts.list()
        if (list.length === 0) out('No accounts.')
        for (const account of list) {
          out(`${account.email}\t${account.roles.join(',') || '-'}\t${account.createdAt.toISOString()}`)
        }
        return 0
      }
      case 'remove': {
        if (!email) break
        const removed = await accounts.remove(email)
        out(`Removed ${removed.email}`)
        return 0
      }
    }
  } catch (error) {
    if (error instanceof AppError) {
      out(`Error: ${error.message}`)
      return 1
    }
    throw error
  }
  out(USAGE)
  return values.help ? 0 : 2
}

/**
 * `rotate-keys` (decision 233): apart from the other commands, as it must not open the
 * database itself (a running embedded shop holds it and rotates its own keys).
 */
export async function runRotateKeys(
  rotate: () => Promise<KeyRotation>,
  out: (line: string) => void,
): Promise<number> {
  const { kid, sessionsEnded } = await rotate()
  out(`New signing key ${kid}; the old signing and cookie keys are gone and refused from now on.`)
  out(`${sessionsEnded} sessions, grants and tokens ended: everyone signs in again.`)
  return 0
}

/**
 * An embedded database that a running shop holds is rotated by that shop (only it may open
 * the folder); otherwise the database is written directly, and every server process on it
 * finds the new keys on its next request.
 */
export async function rotateKeysFor(
  config: AppConfig,
): Promise<KeyRotation & { through: 'shop' | 'database' }> {
  if (!config.databaseUrl && (await isShopRunning(config.dataDir))) {
    const rotation = await askShop<KeyRotation>(config.dataDir, ROTATE_KEYS_ROUTE, {}, 'rotate its keys')
    return { ...rotation, through: 'shop' }
  }
  const database = await openMigratedDatabase(config)
  try {
    return { ...(await rotateKeys(database.db)), through: 'database' }
  } finally {
    await database.close()
  }
}

async function main(): Promise<void> {
  keepNewFilesPrivate()
  const config = loadConfig(process.env)
  if (config.identity.mode === 'external') {
    process.stderr.write(
      `Note: OIDC_ISSUER is set (${config.identity.issuer}), so these local accounts are not used for sign-in.\n`,
    )
  }
  const out = (line: string) => process.stdout.write(`${line}\n`)
  const argv = process.argv.slice(2)
  if (argv[0] === 'rotate-keys') {
    if (config.identity.mode === 'external') {
      out('OIDC_ISSUER is set: rotate the signing keys at that identity provider.')
      process.exitCode = 1
      return
    }
    process.exitCode = await runRotateKeys(() => rotateKeysFor(config), out)
    return
  }
  const database = await openMigratedDatabase(config)
  try {
    process.exitCode = await runAdminCommand(argv, createAccounts(database.db), out)
  } finally {
    await database.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `admin: ${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(1)
  })
}
