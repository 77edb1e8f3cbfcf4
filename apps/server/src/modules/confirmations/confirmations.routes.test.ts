import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmationKeys, emailConfirmations, mailOutbox, marketingConsents } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import {
  confirmLink,
  confirmationMails,
  confirmationToken,
  previewLink,
} from '../../test/confirmation-mail.js'
import { freshIp, post } from '../../test/form-fixtures.js'
import { signLinkToken, verifyLinkToken } from './link-token.js'

const LINK_SECRET = 'a-test-link-secret-of-more-than-32-characters'

// The links of decision 237 as an attacker meets them: forged, tampered, late, reused, or
// asked for again and again to flood someone's mailbox.
describe('e-mailed confirmation links (issue 33)', () => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await buildTestApp({}, { LINK_SECRET, FORMS_RATE_LIMIT_PER_MINUTE: '50' })
  })
  afterAll(() => ctx.close())

  const signUp = (email: string) =>
    post(ctx, 'newsletter', { fullName: 'נועה כהן', email, city: 'חיפה', marketingConsent: true })
  const consentOf = async (email: string) =>
    (await ctx.database.db.select().from(marketingConsents).where(eq(marketingConsents.email, email)))[0]
  const rowOf = async (token: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.id, token.split('.')[0]!))
    return row!
  }

  it('signs its links with LINK_SECRET, and keeps no key of its own then', async () => {
    await signUp('signed@example.com')
    const token = await confirmationToken(ctx, 'signed@example.com')
    expect(verifyLinkToken(LINK_SECRET, token)).not.toBeNull()
    expect(verifyLinkToken('another-key-of-more-than-32-characters!!', token)).toBeNull()
    expect(await ctx.database.db.select().from(confirmationKeys)).toHaveLength(0)
    // Only the secret's hash is stored: the database alone makes no link.
    const row = await rowOf(token)
    expect(row.secretHash).not.toContain(token.split('.')[1]!)
  })

  it('refuses a forged, tampered or unknown link with 400 LINK_INVALID and records nothing', async () => {
    await signUp('target@example.com')
    const token = await confirmationToken(ctx, 'target@example.com')
    const [id, secret, mac] = token.split('.') as [string, string, string]
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`
    const forgeries = [
      'not-a-token',
      `${crypto.randomUUID()}.${secret}.${mac}`,
      `${id}.${secret}.${flipped}`,
      signLinkToken('someone-elses-key-of-more-than-32-chars', { id, secret }),
      // Signed with the right key, but a secret the mail never held.
      signLinkToken(LINK_SECRET, { id, secret: crypto.randomBytes(16).toString('base64url') }),
      signLinkToken(LINK_SECRET, { id: crypto.randomUUID(), secret }),
    ]
    for (const forged of forgeries) {
      for (const call of [previewLink, confirmLink]) {
        const response = await call(ctx, forged)
        expect(response.statusCode, forged).toBe(400)
        expect(response.json()).toMatchObject({ success: false, code: 'LINK_INVALID' })
      }
    }
    expect(await consentOf('target@example.com')).toBeUndefined()
    expect((await rowOf(token)).confirmedAt).toBeNull()
    // The real one still works, once.
    expect((await confirmLink(ctx, token)).statusCode).toBe(200)
    const reused = await previewLink(ctx, token)
    expect(reused.statusCode).toBe(409)
    expect(reused.json().code).toBe('LINK_USED')
  })

  it('refuses an expired link with 410 LINK_EXPIRED and records nothing', async () => {
    await signUp('late@example.com')
    const token = await confirmationToken(ctx, 'late@example.com')
    const row = await rowOf(token)
    // Seven days for consent (decision 237).
    expect(row.expiresAt.getTime() - row.requestedAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000)
    expect(row.expiresAt.getTime() - row.requestedAt.getTime()).toBeLessThan(7 * 86_400_000 + 60_000)
    await ctx.database.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.id, row.id))
    for (const call of [previewLink, confirmLink]) {
      const response = await call(ctx, token)
      expect(response.statusCode).toBe(410)
      expect(response.json().code).toBe('LINK_EXPIRED')
    }
    expect(await consentOf('late@example.com')).toBeUndefined()
  })

  it('sends one mailbox at most 5 links a day, its aliases together, and answers every sign-up alike', async () => {
    const aliases = Array.from({ length: 8 }, (_, n) => `flood.me+${n}@gmail.com`)
    const answers = []
    for (const alias of aliases) answers.push(await signUp(alias))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201)
      expect(answer.json()).toEqual(answers[0]!.json())
    }
    let sent = 0
    for (const alias of aliases) sent += (await confirmationMails(ctx, alias)).length
    expect(sent).toBe(5)
    // The same from any other form that sends links: the deletion request counts against the same mailbox.
    const deletion = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion-requests',
      payload: { email: 'floodme@googlemail.com' },
      remoteAddress: freshIp(),
    })
    expect(deletion.statusCode).toBe(201)
    expect(await confirmationMails(ctx, 'floodme@googlemail.com')).toHaveLength(0)
  })

  it('wipes the link from the outbox once sent, and forgets the confirmation a month after it ran out', async () => {
    await signUp('wiped@example.com')
    const token = await confirmationToken(ctx, 'wiped@example.com')
    const { sent } = await ctx.app.jobs.deliverMail()
    expect(sent).toBeGreaterThan(0)
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `confirm-link:${token.split('.')[0]}`))
    expect(mail).toMatchObject({ status: 'sent', text: '', html: '' })
    // The built-in transport's mailbox (an .eml file per message) got it.
    const files = fs.readdirSync(path.join(ctx.config.dataDir, 'mail'))
    const delivered = files.map((file) =>
      fs.readFileSync(path.join(ctx.config.dataDir, 'mail', file), 'utf8'),
    )
    expect(delivered.some((eml) => eml.includes('wiped@example.com'))).toBe(true)

    const row = await rowOf(token)
    await ctx.database.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 29 * 86_400_000) })
      .where(eq(emailConfirmations.id, row.id))
    expect(await ctx.app.jobs.purgeConfirmations()).toBe(0)
    await ctx.database.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(emailConfirmations.id, row.id))
    expect(await ctx.app.jobs.purgeConfirmations()).toBe(1)
    expect((await previewLink(ctx, token)).json().code).toBe('LINK_INVALID')
  })
})
