import { eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, signInThrottle } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { createAccounts } from './index.js'
import { THROTTLE_LIMITS } from './sign-in-throttle.service.js'
import { injectTransport, openSignInForm, TestBrowser } from '../../test/code-flow.js'

/**
 * The shop's limits, but with an account's slow-down starting at 60 s (1 s in the shop): a step
 * that checks who waits meanwhile can never outrun it on a busy machine, and the test moves
 * the wait's end into the past rather than sleeping through it (issue 40).
 */
const LIMITS = {
  ...THROTTLE_LIMITS,
  account: { ...THROTTLE_LIMITS.account, firstDelaySeconds: 60, maxDelaySeconds: 10 * 60 },
}

/**
 * The sign-in limits as a matrix of who tries from where (issue 15, decision 111): an
 * attacker at one address can slow guessing down but never stop the owner elsewhere.
 */
describe('sign-in throttling: per account and address pair, a slow-down, never a lock-out', () => {
  let ctx: TestContext
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }
  let nextAddress = 0
  const freshAddress = () => `198.51.100.${++nextAddress}`

  beforeAll(async () => {
    ctx = await buildTestApp({}, {}, { signInLimits: LIMITS })
    flow = {
      issuer: 'http://localhost/oidc',
      clientId: 'tavlin-web',
      redirectUri: `${ctx.config.publicUrl}/`,
      resource: 'urn:tavlin:api',
    }
  })
  afterAll(() => ctx.close())

  const newOwner = async (name: string) => {
    const owner = { email: `${name}@tavlin.test`, password: `the real password of ${name}` }
    await createAccounts(ctx.database.db).create({ ...owner, roles: ['Admin'] })
    return owner
  }

  /** One sign-in through the real form from `address`: 303 is in, 401 wrong, 429 throttled. */
  const attempt = async (address: string, email: string, password: string) => {
    const browser = new TestBrowser(injectTransport(ctx.app, { remoteAddress: address }))
    const form = await openSignInForm(browser, flow)
    const response = await browser.request('POST', `http://localhost${form.action}`, {
      csrf: form.csrf,
      email,
      password,
    })
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after') ?? 0),
      text: response.text,
    }
  }
  /** The accounts' current waits are over, as if their seconds had passed. */
  const waitIsOver = async () => {
    await ctx.database.db
      .update(signInThrottle)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(like(signInThrottle.key, 'account:%'))
  }

  it('stops one address guessing one account, while the owner at a known address signs in', async () => {
    const owner = await newOwner('pair-owner')
    const home = freshAddress()
    expect((await attempt(home, owner.email, owner.password)).status).toBe(303)

    const attacker = freshAddress()
    const statuses: number[] = []
    for (let guess = 0; guess < LIMITS.pair.maxFailures; guess++)
      statuses.push((await attempt(attacker, owner.email, `guess ${guess}`)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 429])
    const blocked = await attempt(attacker, owner.email, owner.password)
    expect(blocked.status).toBe(429)
    expect(blocked.retryAfter).toBeGreaterThan(800)
    expect(blocked.text).toContain('יותר מדי ניסיונות כניסה')

    expect((await attempt(home, owner.email, owner.password)).status).toBe(303)
  })

  it('stops one address trying many accounts, for every account from there only', async () => {
    const owner = await newOwner('spray-owner')
    const home = freshAddress()
    expect((await attempt(home, owner.email, owner.password)).status).toBe(303)

    const sprayer = freshAddress()
    for (let account = 0; account < LIMITS.address.maxFailures; account++)
      await attempt(sprayer, `someone${account}@tavlin.test`, 'password123!')
    expect((await attempt(sprayer, owner.email, owner.password)).status).toBe(429)
    // The owner at home, and a stranger elsewhere with another account, are not affected.
    expect((await attempt(home, owner.email, owner.password)).status).toBe(303)
    const other = await newOwner('spray-bystander')
    expect((await attempt(freshAddress(), other.email, other.password)).status).toBe(303)
  })

  it('slows one account guessed from many addresses down step by step, never shutting it', async () => {
    const owner = await newOwner('slow-owner')
    const home = freshAddress()
    expect((await attempt(home, owner.email, owner.password)).status).toBe(303)

    const { freeFailures } = LIMITS.account
    const statuses: number[] = []
    for (let guess = 1; guess < freeFailures; guess++)
      statuses.push((await attempt(freshAddress(), owner.email, `guess ${guess}`)).status)
    expect(statuses).toEqual(Array.from({ length: freeFailures - 1 }, () => 401))

    // From here on each wrong guess makes the next one wait longer (1 s, 2 s, 4 s … in the shop).
    const waits: number[] = []
    for (let step = 0; step < 3; step++) {
      const guess = await attempt(freshAddress(), owner.email, `guess at step ${step}`)
      expect(guess.status).toBe(429)
      waits.push(guess.retryAfter)
      // Meanwhile: the right password from a new address waits too; from home it is in.
      const stranger = await attempt(freshAddress(), owner.email, owner.password)
      expect(stranger.status).toBe(429)
      expect(stranger.retryAfter).toBeLessThanOrEqual(guess.retryAfter)
      expect((await attempt(home, owner.email, owner.password)).status).toBe(303)
      await waitIsOver()
    }
    expect(waits[1]!).toBeGreaterThan(waits[0]!)
    expect(waits[2]!).toBeGreaterThan(waits[1]!)
    expect(Math.max(...waits)).toBeLessThanOrEqual(LIMITS.account.maxDelaySeconds)

    // Never shut: once the wait is over, the owner gets in from a new address.
    expect((await attempt(freshAddress(), owner.email, owner.password)).status).toBe(303)
  })

  it('tells the owner by e-mail, once per attack, in Hebrew; nobody is mailed for an unknown account', async () => {
    const owner = await newOwner('alerted-owner')
    // Two more counted failures after the slow-down began (each after its wait).
    for (let guess = 0; guess < LIMITS.account.freeFailures + 2; guess++) {
      const { retryAfter } = await attempt(freshAddress(), owner.email, `guess ${guess}`)
      if (retryAfter > 0) await waitIsOver()
    }
    const alerts = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.subject).toBe('תבלין: ניסיונות כניסה כושלים לחשבון שלך')
    expect(alerts[0]!.text).toContain(`נרשמו ${LIMITS.account.freeFailures} ניסיונות כניסה כושלים`)
    expect(alerts[0]!.text).toContain('כדאי להחליף את הסיסמה')

    for (let guess = 0; guess < LIMITS.account.freeFailures; guess++)
      await attempt(freshAddress(), 'nobody-here@tavlin.test', `guess ${guess}`)
    const strays = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nobody-here@tavlin.test'))
    expect(strays).toEqual([])
  })
})
