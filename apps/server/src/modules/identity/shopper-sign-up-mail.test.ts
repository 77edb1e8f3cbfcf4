import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppConfig } from '../../config/env.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { injectTransport, TestBrowser } from '../../test/code-flow.js'
import { mailsTo, readMailFiles, register } from '../../test/shopper-flow.js'

const flow = {
  issuer: 'http://localhost/oidc',
  clientId: 'tavlin-web',
  redirectUri: 'http://localhost:3000/',
  resource: 'urn:tavlin:api',
}
const person = { firstName: 'נועה', lastName: 'לוי', email: 'noa@tavlin.test', password: 'saffron and sumac' }

// Polls until the outbox row of the sign-up's mail has left "pending"; the mail job is off in these
// apps (RECONCILE_INTERVAL_SECONDS=0), so only the delivery started on enqueue can move it.
const WAIT = { timeout: 20_000, interval: 50 }

/** Issue 35: a sign-up's confirmation used to wait up to a minute for the outbox job. */
describe("a sign-up's confirmation mail", () => {
  let ctx: TestContext | undefined
  afterEach(async () => ctx?.close())

  async function signUp(overrides: Partial<AppConfig>) {
    ctx = await buildTestApp({ mailSendsAtOnce: true, ...overrides })
    const page = await register(new TestBrowser(injectTransport(ctx.app)), flow, person)
    expect(page.status).toBe(200)
    return ctx
  }

  it('is sent at once, with no outbox job running', async () => {
    const app = await signUp({})
    expect(app.config.reconcileIntervalSeconds).toBe(0)
    await vi.waitFor(async () => {
      const [mail] = await mailsTo(app.database, person.email)
      // Sent, and (a link mail) its body wiped from the outbox.
      expect(mail).toMatchObject({ status: 'sent', text: '' })
    }, WAIT)
    const delivered = readMailFiles(app.config.dataDir)
    expect(delivered).toHaveLength(1)
    expect(delivered[0]).toContain('שלום נועה')
    expect(delivered[0]).toContain('/oidc/account/confirm?token=')
    // Nothing left for the job.
    expect(await app.app.jobs.deliverMail()).toEqual({ sent: 0, failed: 0 })
  })

  it('stays in the outbox for the job to retry when the mail server cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const app = await signUp({ smtpUrl: 'smtp://127.0.0.1:9' })
    await vi.waitFor(async () => {
      const [mail] = await mailsTo(app.database, person.email)
      expect(mail?.lastError).toBeTruthy()
    }, WAIT)
    const [mail] = await mailsTo(app.database, person.email)
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 })
    expect(mail!.text).toContain('/oidc/account/confirm?token=')
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
  })
})
