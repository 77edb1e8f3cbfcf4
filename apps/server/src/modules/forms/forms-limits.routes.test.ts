import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  contactMessages,
  earlyAdopters,
  eventInquiries,
  mailOutbox,
  newsletterSubscribers,
} from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { contact, earlyAdopter, eventInquiry, freshIp, newsletter, post } from '../../test/form-fixtures.js'

describe('visitor forms: bots, sizes and limits', () => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await buildTestApp({}, { SHOP_EMAIL: 'owner@tavlin.test' })
  })
  afterAll(async () => {
    await ctx.close()
  })

  it('answers a filled honeypot like a success, but keeps and sends nothing', async () => {
    const counts = async () => ({
      newsletter: (await ctx.database.db.select().from(newsletterSubscribers)).length,
      early: (await ctx.database.db.select().from(earlyAdopters)).length,
      events: (await ctx.database.db.select().from(eventInquiries)).length,
      contact: (await ctx.database.db.select().from(contactMessages)).length,
      mail: (await ctx.database.db.select().from(mailOutbox)).length,
    })
    const before = await counts()
    const bot = { website: 'https://spam.example' }
    for (const [form, data] of [
      ['newsletter', { ...newsletter, email: 'bot@example.com', ...bot }],
      ['early-adapter', { ...earlyAdopter, ...bot }],
      ['event-inquiry', { ...eventInquiry(), ...bot }],
      ['contact', { ...contact, ...bot }],
    ] as const) {
      const response = await post(ctx, form, data)
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ success: true, data: { received: true } })
    }
    expect(await counts()).toEqual(before)
  })

  it('refuses a body over 16 KB with 413 in the envelope', async () => {
    const response = await post(ctx, 'contact', { ...contact, message: 'א'.repeat(9_000) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' })
    // The longest field at its limit still fits.
    expect((await post(ctx, 'contact', { ...contact, message: 'א'.repeat(5_000) })).statusCode).toBe(201)
    expect((await post(ctx, 'contact', { ...contact, message: 'א'.repeat(5_001) })).statusCode).toBe(400)
  })

  it('limits each form per address: the sixth in a minute gets 429 with Retry-After', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post(ctx, 'newsletter', { ...newsletter, email: `limit${i}@example.com` }, ip)).statusCode,
      ).toBe(201)
    }
    const limited = await post(ctx, 'newsletter', { ...newsletter, email: 'limit5@example.com' }, ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    // Another address, and another form from the same address, are not affected.
    expect((await post(ctx, 'newsletter', { ...newsletter, email: 'other-ip@example.com' })).statusCode).toBe(
      201,
    )
    expect((await post(ctx, 'contact', contact, ip)).statusCode).toBe(201)
    // Invalid submissions count too, or a bot could probe for free.
    expect((await post(ctx, 'newsletter', {}, ip)).statusCode).toBe(429)
  })

  it('takes the limit from FORMS_RATE_LIMIT_PER_MINUTE', async () => {
    const strict = await buildTestApp({}, { FORMS_RATE_LIMIT_PER_MINUTE: '1' })
    try {
      const ip = freshIp()
      expect((await post(strict, 'contact', contact, ip)).statusCode).toBe(201)
      expect((await post(strict, 'contact', contact, ip)).statusCode).toBe(429)
    } finally {
      await strict.close()
    }
  })
})

describe('visitor forms with REDIS_URL', () => {
  const redisUrl = 'redis://127.0.0.1:6379'
  let redis: Redis
  let available = true

  beforeAll(async () => {
    redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 })
    available = await redis.connect().then(
      () => true,
      () => false,
    )
  })
  afterAll(async () => {
    if (available) await redis.quit()
    else redis.disconnect()
  })

  it('counts in Redis, so every process shares the limit', async ({ skip }) => {
    if (!available) skip('no Redis on 127.0.0.1:6379')
    const first = await buildTestApp({}, { REDIS_URL: redisUrl, FORMS_RATE_LIMIT_PER_MINUTE: '2' })
    const second = await buildTestApp({}, { REDIS_URL: redisUrl, FORMS_RATE_LIMIT_PER_MINUTE: '2' })
    const ip = freshIp()
    try {
      expect((await post(first, 'contact', contact, ip)).statusCode).toBe(201)
      expect((await post(second, 'contact', contact, ip)).statusCode).toBe(201)
      const limited = await post(first, 'contact', contact, ip)
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(await redis.exists(`tavlin:rate-limit:POST/api/users/form/contact-${ip}`)).toBe(1)
    } finally {
      await redis.del(`tavlin:rate-limit:POST/api/users/form/contact-${ip}`)
      await first.close()
      await second.close()
    }
  })
})
