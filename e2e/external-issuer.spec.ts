import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from './support/test'
import { ADMIN } from './support/accounts'
import { ADMIN_LINK, accountButton, signIn, watchErrors } from './support/sign-in'

/**
 * The browser's sign-in against an issuer that is not the shop itself: a second shop,
 * started here on its own port and data folder, configured with OIDC_ISSUER pointing at
 * the e2e server's built-in provider — as a shop points at Auth0 or Keycloak. The popup,
 * the code exchange, the nonce and the ID token's verification against the other server's
 * keys all run in Chromium; the second shop's API then accepts the other issuer's token.
 */
const port = process.env.E2E_EXTERNAL_SHOP_PORT
const shopUrl = `http://127.0.0.1:${port}`
let shop: ChildProcess | undefined
let dataDir: string | undefined

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (shop?.exitCode !== null && shop?.exitCode !== undefined)
      throw new Error(`the second shop exited (${shop.exitCode})`)
    const healthy = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

test.describe('an external issuer', () => {
  // A fresh shop starts in 5–20 s on our shared machines (PGlite, migrations).
  test.describe.configure({ timeout: 180_000 })
  // The issuer here is on plain http (a real one is https, which the shop's CSP allows for
  // connect-src and form-action): only in this test do pages skip their CSP.
  test.use({ bypassCSP: true })

  test.beforeAll(async ({ baseURL }) => {
    if (!port) throw new Error('E2E_EXTERNAL_SHOP_PORT is not set: run through playwright.config.ts')
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-e2e-external-'))
    shop = spawn(process.execPath, ['apps/server/dist/server.js'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: shopUrl,
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'false',
        OIDC_ISSUER: `${baseURL}/oidc`,
        OIDC_CLIENT_ID: 'tavlin-web',
        OIDC_AUDIENCE: 'urn:tavlin:api',
        OIDC_AUDIENCE_PARAMETER: 'resource',
      },
    })
    await waitForHealth(`${shopUrl}/api/health`, 150_000)
  })

  test.afterAll(async () => {
    if (shop?.pid !== undefined && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop?.once('exit', resolve))
      shop.kill('SIGTERM')
      await exited
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test("an administrator of the issuer signs in to the second shop through the issuer's popup", async ({
    page,
    context,
    baseURL,
  }) => {
    const errors = watchErrors(context)
    await page.goto(`${shopUrl}/`)
    const config = await (await page.request.get(`${shopUrl}/api/config`)).json()
    expect(config.data.identity.authority).toBe(`${baseURL}/oidc`)

    await signIn(page, ADMIN)
    const banner = page.getByRole('banner')
    await expect(accountButton(banner)).toBeVisible()
    // The ID token came from the other server and passed the browser's checks; the second
    // shop's API takes the access token that came with it.
    await banner.getByRole('link', { name: ADMIN_LINK }).click()
    await expect(page).toHaveURL(`${shopUrl}/admin`)
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    // The second shop starts without the demo catalogue, so its home page's images are missing.
    expect(errors.filter((error) => !/\/uploads\/site\/.*404/.test(error))).toEqual([])
  })
})
