import fs from 'node:fs'
import path from 'node:path'
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
import { contact, earlyAdopter, eventInquiry, fieldsOf, newsletter, post } from '../../test/form-fixtures.js'

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
      expect(data.totalItems).toBeGreaterThanOrEqual(2)
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
