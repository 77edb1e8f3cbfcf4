import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { ADMIN } from './e2e/support/accounts'

// The config is loaded by the runner and again by each worker; the first load
// picks a free port and a fresh data folder and hands them on through the environment.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

process.env.E2E_PORT ??= String(await freePort())
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-e2e-'))
// A second shop that signs in through this server's provider as an external issuer
// (e2e/external-issuer.spec.ts starts it): the provider must know its address.
process.env.E2E_EXTERNAL_SHOP_PORT ??= String(await freePort())
const port = process.env.E2E_PORT
const baseURL = `http://127.0.0.1:${port}`

export const chromiumLaunchOptions = {
  // Debian's package; elsewhere (macOS, Ubuntu's snap) CHROMIUM_PATH names the browser (README).
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  // No network here beyond loopback: background services would only fail noisily.
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (an admin adds, reprices and deletes a product) take 25 s alone and
  // 52–56 s beside another worker on a slow day of our 2-core machines: 60 s failed them.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'he-IL',
    timezoneId: 'Asia/Jerusalem',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /delivery\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    {
      // The delivery journey defines the shop's delivery methods, which changes every other
      // checkout on the shared server: it runs once all the others are done (issue 19).
      name: 'delivery',
      testMatch: /delivery\.spec\.ts$/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    // The customer account is made first, by the server's admin CLI on the same fresh data folder.
    command: 'node e2e/support/create-customer.mjs && node apps/server/dist/server.js',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // As behind a reverse proxy on the same host: tests set X-Forwarded-For to get
      // rate-limit buckets of their own.
      TRUST_PROXY: 'loopback',
      // Every spec's browser checks out from 127.0.0.1, often with one e-mail: the API test
      // of the checkout limits (orders-holds) pins them.
      CHECKOUT_RATE_LIMIT_PER_MINUTE: '10000',
      UNPAID_ORDERS_PER_EMAIL: '1000',
      // Every spec's pages come from 127.0.0.1 too; the limit's own test is an API test (decision 272).
      PAGE_RENDERS_PER_MINUTE: '100000',
      // The review e-mail's job looks every 2 s, so reviews.spec.ts meets its mail at once (issue 36).
      REVIEW_REQUEST_INTERVAL_SECONDS: '2',
      // The first administrator, created on the server's first start (docs/identity.md).
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // PayPlus may return the shopper by GET or POST (a dashboard setting, payplus.md §1.9):
      // the harder POST for every spec, as one server serves them all (the API tests cover
      // GET); Bit's approval after a second (payplus-methods.spec.ts).
      PAYPLUS_SANDBOX_BEHAVIOUR: 'returnMethod=post,bitApprovalSeconds=1',
      OIDC_WEB_ORIGINS: `http://127.0.0.1:${process.env.E2E_EXTERNAL_SHOP_PORT}`,
    },
  },
})
