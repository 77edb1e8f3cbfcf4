import type { AppConfig } from '../../config/env.js'
import type { AccountsService } from './accounts.service.js'

/**
 * First start of the built-in provider with no administrator: create one,
 * from ADMIN_EMAIL / ADMIN_PASSWORD when set, otherwise with a random
 * password that is printed once here and never stored in clear.
 */
export async function ensureFirstAdminAccount(
  config: AppConfig,
  accounts: Pick<AccountsService, 'ensureAdmin'>,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  if (config.identity.mode !== 'builtin') return
  const host = new URL(config.publicUrl).hostname
  // localhost or an IP address would not make a valid e-mail address.
  const domain = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i.test(host) ? host : 'tavlin.local'
  const email = config.identity.adminEmail ?? `admin@${domain}`
  const result = await accounts.ensureAdmin({
    email,
    password: config.identity.adminPassword,
  })
  if (!result.created) {
    // Every later start still says how to get in, since the password was shown only once.
    write(
      `\n  Admin area: sign in at ${config.publicUrl}/ with the login button and an administrator account` +
        `\n  (npm run admin -- list shows them; npm run admin -- reset-password <email> sets a new password)\n`,
    )
    return
  }
  if (!result.generatedPassword) {
    write(`\n  Administrator ${result.email} created with the password from ADMIN_PASSWORD.\n\n`)
    return
  }
  write(
    box([
      'An administrator account was created (shown once):',
      '',
      `  e-mail:   ${result.email}`,
      `  password: ${result.generatedPassword}`,
      '',
      `Sign in at ${config.publicUrl}/ with the login button.`,
      'Change it with: npm run admin -- reset-password ' + result.email,
    ]),
  )
}

function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length))
  const border = '─'.repeat(width + 2)
  return `\n┌${border}┐\n${lines.map((l) => `│ ${l.padEnd(width)} │`).join('\n')}\n└${border}┘\n\n`
}
