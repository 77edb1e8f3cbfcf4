import fs from 'node:fs'
import path from 'node:path'

/**
 * The accounts the auth journeys sign in with. The administrator is created by the
 * server on its first start from ADMIN_EMAIL / ADMIN_PASSWORD (playwright.config.ts);
 * the customer by e2e/support/create-customer.mjs through the admin CLI, before the
 * server starts, which leaves its generated password in the data folder.
 */
export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password-1' } as const

export const CUSTOMER_FILE = 'e2e-customer.json'

export function customerAccount(): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts')
  return JSON.parse(fs.readFileSync(path.join(dataDir, CUSTOMER_FILE), 'utf8')) as {
    email: string
    password: string
  }
}
