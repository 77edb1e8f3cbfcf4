import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { checkSettingsFrom } from './payplus-check-cli.js'
import { runPayPlusCheck, type CheckSettings } from './payplus-check.js'

// `npm run payplus:check` against the built-in sandbox, over HTTP as against PayPlus (issue 32).
describe('payplus:check', () => {
  let ctx: TestContext & { baseUrl: string }
  let settings: CheckSettings

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { listen: true })
    const { apiKey, secretKey, pageUid } = ctx.config.payplus
    settings = {
      apiUrl: `${ctx.baseUrl}/sandbox/payplus/api/v1.0/`,
      apiKey,
      secretKey,
      pageUid,
      publicUrl: ctx.config.publicUrl,
    }
  })
  afterEach(() => ctx.resetSandbox())
  afterAll(() => ctx.close())

  async function check(over: Partial<CheckSettings> = {}) {
    const lines: string[] = []
    const code = await runPayPlusCheck({ ...settings, ...over }, (line) => lines.push(line))
    return { code, text: lines.join('\n'), lines }
  }
  const line = (lines: string[], start: string) => lines.find((one) => one.includes(start)) ?? ''

  it('makes a ₪1 link with each header form, looks it up and lists the page methods', async () => {
    ctx.sandbox.dashboardMethods = ['credit-card', 'bit']
    const { code, text, lines } = await check()
    expect(code).toBe(0)
    expect(line(lines, 'JSON Authorization')).toMatch(/^✔ .*accepted/)
    expect(line(lines, 'api-key + secret-key')).toMatch(/^✔ .*accepted/)
    expect(text).toContain('accepts both header forms')
    expect(text).toContain('Look-up answered: no payment on the new link yet')
    expect(text).toContain('אמצעי התשלום שהדף מציע: credit-card, bit')
    expect(text).toContain("set in PayPlus's dashboard")
    expect(text).toContain('the shop accepts both')
  })

  it.each([
    ['json', 'JSON Authorization', 'api-key + secret-key'],
    ['pair', 'api-key + secret-key', 'JSON Authorization'],
  ] as const)('reports an account that honours only the %s form', async (form, yes, no) => {
    ctx.sandbox.authHeaders = form
    const { code, text, lines } = await check()
    expect(code).toBe(0)
    expect(line(lines, yes)).toMatch(/^✔ .*accepted/)
    expect(line(lines, no)).toMatch(/^✘ .*refused/)
    expect(text).toContain('accepts one header form')
    expect(text).toContain('Look-up answered')
  })

  it('exits 1 when no link can be made', async () => {
    const { code, text } = await check({ secretKey: 'wrong' })
    expect(code).toBe(1)
    expect(text).toContain('No link could be made')
  })

  it('names the missing settings', () => {
    const found = checkSettingsFrom(['--api-url', settings.apiUrl], { NODE_ENV: 'test', DATA_DIR: '/tmp/x' })
    expect(found).toEqual({ missing: 'PAYPLUS_API_KEY, PAYPLUS_SECRET_KEY, PAYPLUS_PAGE_UID' })
  })
})
