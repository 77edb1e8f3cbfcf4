// Runs before the e2e server (see webServer.command in playwright.config.ts): creates a
// customer account (no roles) with the server's own admin CLI against the same fresh
// DATA_DIR, and leaves its generated password for the tests in DATA_DIR/e2e-customer.json.
// Sequential on purpose: PGlite must never be opened by two processes at once.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const EMAIL = 'cook@example.com'
const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR is not set')

const output = execFileSync('node', ['apps/server/dist/modules/identity/admin-cli.js', 'create', EMAIL], {
  env: process.env,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
const password = /Password \(shown once\): (\S+)/.exec(output)?.[1]
if (!password) throw new Error(`admin CLI printed no password:\n${output}`)
fs.writeFileSync(path.join(dataDir, 'e2e-customer.json'), JSON.stringify({ email: EMAIL, password }), {
  mode: 0o600,
})
