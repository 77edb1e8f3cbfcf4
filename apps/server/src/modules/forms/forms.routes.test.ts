import fs from 'node:fs'
import path from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import {
  contactMessages,
  earlyAdopters,
  eventInquiries,
  mailOutbox,
  newsletterSubscribers,
} from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'

let ipCounter = 0
/** A new client address per call, so the rate limit only bites where a test wants it to. */
function freshIp(): string {
  ipCounter += 1
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`
}

const newsletter = { fullName: 'נועה כהן', email: 'noa@example.com', city: 'חיפה' }
const earlyAdopter = {
  fullName: 'דוד לוי',
  email: 'david@example.com',
  street: 'הרצל 12',
  city: 'תל אביב',
  phone: '050-1234567',
  birthDate: '1990-05-17',
}
const eventInquiry = () => ({
  name: 'מיכל',
  email: 'michal@example.com',
  company: 'סטודיו מיכל',
  eventDescription: 'ערב אתיופי ל-40 איש עם סדנת אינג׳רה',
  eventDate: shopToday(new Date(Date.now() + 30 * 86_400_000)),
})
const contact = {
  name: 'יוסי',
  email: 'yossi@example.com',
  phone: '04-8123456',
  subject: 'משלוח לקיבוץ',
  message: 'שלום,\nהאם אתם שולחים לגליל העליון?',
}

type FormPath = 'newsletter' | 'early-adapter' | 'event-inquiry' | 'contact'

function post(ctx: TestContext, form: FormPath, data: unknown, ip = freshIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/users/form/${form}`,
    payload: { data },
    remoteAddress: ip,
  })
}

function fieldsOf(body: { details?: Array<{ field: string; message: string }> }) {
  return Object.fromEntries((body.details ?? []).map((detail) => [detail.field, detail.message]))
}

describe('visitor forms', () => {
  let ctx: TestContext
  let denied: TestContext

  beforeAll(async () => {
    ctx = await buildTestApp({}, { SHOP_EMAIL: 'owner@tavlin.test' }, { requireAdmin: async () => {} })
    denied = await buildTestApp()
  })
  afterAll(async () => {
    await ctx.close()
    await denied.close()
  })

  describe('newsletter', () => {
    it('subscribes, and the same address again stays one subscriber with the new details', async () => {
      const first = await post(ctx, 'newsletter', newsletter)
      expect(first.statusCode).toBe(201)
      expect(first.json()).toEqual({ success: true, data: { received: true } })

      const again = await post(ctx, 'newsletter', {
        ...newsletter,
        fullName: 'נועה כהן-לוי',
        email: 'NOA@Example.com',
        city: 'עכו',
      })
      expect(again.statusCode).toBe(201)
      expect(again.json()).toEqual(first.json())

      const rows = await ctx.database.db.select().from(newsletterSubscribers)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ email: 'noa@example.com', fullName: 'נועה כהן-לוי', city: 'עכו' })
      expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime())
    })

    it('names each wrong field with its message key', async () => {
      const response = await post(ctx, 'newsletter', { fullName: 'נו', email: 'noa@', city: ' א ' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' })
      expect(fieldsOf(response.json())).toEqual({
        'body.data.fullName': 'footer.subscribe.errors.name',
        'body.data.email': 'footer.subscribe.errors.email',
        'body.data.city': 'footer.subscribe.errors.city',
      })
      const missing = await post(ctx, 'newsletter', {})
      expect(Object.keys(fieldsOf(missing.json())).sort()).toEqual([
        'body.data.city',
        'body.data.email',
        'body.data.fullName',
      ])
    })
  })

  describe('early adopters', () => {
    it('stores a sign-up with its time, with or without a birth date', async () => {
      const before = Date.now()
      expect((await post(ctx, 'early-adapter', earlyAdopter)).statusCode).toBe(201)
      expect(
        (
          await post(ctx, 'early-adapter', {
            ...earlyAdopter,
            email: 'no-birthday@example.com',
            birthDate: '',
          })
        ).statusCode,
      ).toBe(201)
      const { birthDate: _omitted, ...withoutBirthDate } = earlyAdopter
      expect(
        (await post(ctx, 'early-adapter', { ...withoutBirthDate, email: 'omitted@example.com' })).statusCode,
      ).toBe(201)

      const rows = await ctx.database.db.select().from(earlyAdopters)
      expect(rows.map((row) => [row.email, row.birthDate])).toEqual(
        expect.arrayContaining([
          ['david@example.com', '1990-05-17'],
          ['no-birthday@example.com', null],
          ['omitted@example.com', null],
        ]),
      )
      expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000)
    })

    it('refuses empty fields, a bad e-mail or phone, and a birth date in the future', async () => {
      const response = await post(ctx, 'early-adapter', {
        fullName: '',
        email: 'david',
        street: ' ',
        city: '',
        phone: 'abc',
        birthDate: shopToday(new Date(Date.now() + 3 * 86_400_000)),
      })
      expect(response.statusCode).toBe(400)
      expect(fieldsOf(response.json())).toEqual({
        'body.data.fullName': 'validation.fullNameRequired',
        'body.data.email': 'validation.emailInvalid',
        'body.data.street': 'validation.streetRequired',
        'body.data.city': 'validation.cityRequired',
        'body.data.phone': 'validation.phoneInvalid',
        'body.data.birthDate': 'forms.earlyAdopters.errors.birthDate',
      })
    })
  })

  describe('event inquiry', () => {
    it('stores the inquiry and queues one Hebrew notice to SHOP_EMAIL, delivered as an .eml file', async () => {
      const inquiry = eventInquiry()
      expect((await post(ctx, 'event-inquiry', inquiry)).statusCode).toBe(201)
      const [row] = await ctx.database.db.select().from(eventInquiries)
      expect(row).toMatchObject({ name: 'מיכל', company: 'סטודיו מיכל', eventDate: inquiry.eventDate })

      const mails = await ctx.database.db.select().from(mailOutbox)
      const notice = mails.find((mail) => mail.dedupeKey === `event-inquiry:${row!.id}`)
      expect(notice).toMatchObject({ to: 'owner@tavlin.test', status: 'pending' })
      expect(notice!.subject).toContain('פנייה חדשה בנושא אירוע')
      expect(notice!.html).toContain('dir="rtl"')
      expect(notice!.html).toContain('ערב אתיופי ל-40 איש')
      expect(notice!.text).toContain('michal@example.com')

      const delivered = await ctx.app.jobs.deliverMail()
      expect(delivered.sent).toBeGreaterThanOrEqual(1)
      const files = fs.readdirSync(path.join(ctx.config.dataDir, 'mail'))
      expect(
        files.some((file) =>
          fs.readFileSync(path.join(ctx.config.dataDir, 'mail', file), 'utf8').includes('owner@tavlin.test'),
        ),
      ).toBe(true)
    })

    it('accepts today in Israel, refuses yesterday, and needs the required fields', async () => {
      const today = { ...eventInquiry(), eventDate: shopToday(), company: '' }
      expect((await post(ctx, 'event-inquiry', today)).statusCode).toBe(201)

      const yesterday = await post(ctx, 'event-inquiry', {
        ...eventInquiry(),
        eventDate: shopToday(new Date(Date.now() - 86_400_000)),
      })
      expect(yesterday.statusCode).toBe(400)
      expect(fieldsOf(yesterday.json())).toEqual({ 'body.data.eventDate': 'forms.events.errors.datePast' })

      const empty = await post(ctx, 'event-inquiry', {
        name: '',
        email: 'x',
        eventDescription: '',
        eventDate: '',
      })
      expect(fieldsOf(empty.json())).toEqual({
        'body.data.name': 'validation.nameRequired',
        'body.data.email': 'validation.emailInvalid',
        'body.data.eventDescription': 'forms.events.errors.description',
        'body.data.eventDate': 'forms.events.errors.dateRequired',
      })
      const notADate = await post(ctx, 'event-inquiry', { ...eventInquiry(), eventDate: '2030-02-31' })
      expect(fieldsOf(notADate.json())).toEqual({ 'body.data.eventDate': 'validation.dateInvalid' })
    })
  })

  describe('contact', () => {
    it('stores the message and queues a notice to the shop', async () => {
      expect((await post(ctx, 'contact', contact)).statusCode).toBe(201)
      const [row] = await ctx.database.db.select().from(contactMessages)
      expect(row).toMatchObject(contact)
      const mails = await ctx.database.db.select().from(mailOutbox)
      const notice = mails.find((mail) => mail.dedupeKey === `contact:${row!.id}`)
      expect(notice).toMatchObject({ to: 'owner@tavlin.test' })
      expect(notice!.subject).toContain('משלוח לקיבוץ')
      // The visitor's text is escaped, line breaks kept.
      expect(notice!.html).toContain('שלום,<br>האם')
    })

    it('requires every field', async () => {
      const response = await post(ctx, 'contact', {
        name: ' ',
        email: '',
        phone: '',
        subject: '',
        message: '',
      })
      expect(response.statusCode).toBe(400)
      expect(fieldsOf(response.json())).toEqual({
        'body.data.name': 'validation.nameRequired',
        'body.data.email': 'validation.emailInvalid',
        'body.data.phone': 'validation.phoneRequired',
        'body.data.subject': 'forms.contact.errors.subject',
        'body.data.message': 'forms.contact.errors.message',
      })
    })

    it('escapes markup a visitor writes into the notice', async () => {
      expect(
        (await post(ctx, 'contact', { ...contact, message: '<script>alert(1)</script>' })).statusCode,
      ).toBe(201)
      const mails = await ctx.database.db.select().from(mailOutbox)
      const html = mails.map((mail) => mail.html).join('')
      expect(html).not.toContain('<script>')
      expect(html).toContain('&lt;script&gt;')
    })
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

  describe('admin lists', () => {
    it('answer 401 until sign-in lands', async () => {
      for (const form of ['newsletter', 'early-adapter', 'event-inquiry', 'contact']) {
        const response = await denied.app.inject({ url: `/api/users/form/${form}` })
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
      }
    })

    it('page each form newest first', async () => {
      const contacts = await ctx.app.inject({ url: '/api/users/form/contact?limit=2' })
      expect(contacts.statusCode).toBe(200)
      const data = contacts.json().data
      expect(data.currentPage).toBe(1)
      expect(data.items).toHaveLength(2)
      expect(data.totalItems).toBeGreaterThanOrEqual(3)
      expect(data.totalPages).toBe(Math.ceil(data.totalItems / 2))
      const times = data.items.map((item: { createdAt: string }) => Date.parse(item.createdAt))
      expect(times[0]).toBeGreaterThanOrEqual(times[1])
      expect(data.items[0]).toMatchObject({
        _id: expect.any(String),
        subject: expect.any(String),
        message: expect.any(String),
      })

      const subscribers = (await ctx.app.inject({ url: '/api/users/form/newsletter' })).json().data
      expect(
        subscribers.items.find((item: { email: string }) => item.email === 'noa@example.com'),
      ).toMatchObject({ city: 'עכו' })
      const adopters = (await ctx.app.inject({ url: '/api/users/form/early-adapter' })).json().data
      expect(adopters.totalItems).toBe(3)
      const inquiries = (await ctx.app.inject({ url: '/api/users/form/event-inquiry' })).json().data
      expect(inquiries.items[0]).toMatchObject({ company: null, eventDate: shopToday() })
      expect((await ctx.app.inject({ url: '/api/users/form/contact?page=0' })).statusCode).toBe(400)
    })
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
