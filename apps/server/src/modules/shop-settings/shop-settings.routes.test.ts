import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { DEMO_BUSINESS_DETAILS, type BusinessDetailsInput, type SocialLinkField } from '@tavlin/contracts'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { tokenFactory } from '../../test/tokens.js'

// As a client that knows nothing of the social pages sends it: they are then none.
const OWNER_DETAILS: Omit<BusinessDetailsInput, SocialLinkField> = {
  legalName: 'תבלין השוק בע"מ',
  businessNumber: '520000472',
  address: 'רחוב הכרמל 12, תל אביב-יפו',
  phone: '03-7654321',
  email: 'hello@tavlin.shop',
  coordinatorName: 'דנה לוי',
  coordinatorPhone: '050-1234567',
  coordinatorEmail: 'dana@tavlin.shop',
  accessibilityReviewDate: '2026-10-15',
}

describe('shop settings: business details and legal pages', () => {
  let ctx: TestContext
  let admin: Record<string, string>

  beforeAll(async () => {
    ctx = await buildTestApp()
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())

  const put = (url: string, payload: object, headers = admin) =>
    ctx.app.inject({ method: 'PUT', url, payload, headers })

  it('shows demo details and lists every field as missing until the owner fills them in', async () => {
    const open = await ctx.app.inject({ url: '/api/shop/details' })
    expect(open.statusCode).toBe(200)
    // With what the delivery methods say (delivery-terms.routes.test.ts).
    expect(open.json().data).toEqual({
      ...DEMO_BUSINESS_DETAILS,
      // No demo social pages: a link to someone else's account would be worse than none.
      instagramUrl: '',
      facebookUrl: '',
      delivery: expect.stringContaining('משלוח עד הבית'),
      deliveryFees: expect.any(String),
    })
    const mine = await ctx.app.inject({ url: '/api/admin/shop/details', headers: admin })
    expect(mine.json().data).toMatchObject({ updatedAt: null })
    expect(mine.json().data.missing).toHaveLength(9)
  })

  it('keeps the admin routes to administrators', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/shop/details' })).statusCode).toBe(401)
    expect((await put('/api/admin/shop/details', OWNER_DETAILS, {})).statusCode).toBe(401)
    expect((await put('/api/admin/shop/pages/terms', { markdown: 'x' }, {})).statusCode).toBe(401)
  })

  it('answers the details and a legal page with an ETag, and a 304 while they are unchanged', async () => {
    for (const url of ['/api/shop/details', '/api/shop/pages/terms']) {
      const first = await ctx.app.inject({ url })
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      const again = await ctx.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })
      expect(again.statusCode).toBe(304)
    }
    // An admin's read is never kept for a visitor.
    expect((await ctx.app.inject({ url: '/api/admin/shop/details' })).statusCode).toBe(401)
  })

  it('refuses a company number whose check digit is wrong, and a bad e-mail, naming the fields', async () => {
    const response = await put('/api/admin/shop/details', {
      ...OWNER_DETAILS,
      businessNumber: '520000473',
      coordinatorEmail: 'not-an-address',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    const fields = (response.json().details as Array<{ field: string; message: string }>).map((d) => d.field)
    expect(fields).toEqual(expect.arrayContaining(['body.businessNumber', 'body.coordinatorEmail']))
  })

  it('saves the details, shows them to every visitor, and records who changed them', async () => {
    const partial = { ...OWNER_DETAILS, coordinatorName: '', coordinatorPhone: '' }
    const saved = await put('/api/admin/shop/details', partial)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.missing).toEqual(['coordinatorName', 'coordinatorPhone'])
    const open = (await ctx.app.inject({ url: '/api/shop/details' })).json().data
    expect(open).toMatchObject({ legalName: 'תבלין השוק בע"מ', businessNumber: '520000472' })
    // A field left empty still shows its demo value.
    expect(open.coordinatorName).toBe(DEMO_BUSINESS_DETAILS.coordinatorName)
    const activity = await ctx.app.inject({ url: '/api/admin/activity?entityType=settings', headers: admin })
    expect(activity.json().data.items[0]).toMatchObject({ action: 'update', entityId: 'business-details' })
    expect((await put('/api/admin/shop/details', OWNER_DETAILS)).json().data.missing).toEqual([])
  })

  it('keeps the social pages with the details: https only, none by default, never "missing"', async () => {
    const bad = await put('/api/admin/shop/details', {
      ...OWNER_DETAILS,
      instagramUrl: 'javascript:alert(1)',
      facebookUrl: 'http://facebook.com/tavlin',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'body.instagramUrl', message: 'validation.socialUrlInvalid' },
        { field: 'body.facebookUrl', message: 'validation.socialUrlInvalid' },
      ]),
    )
    const saved = await put('/api/admin/shop/details', {
      ...OWNER_DETAILS,
      instagramUrl: ' https://www.instagram.com/tavlin.shop ',
      facebookUrl: '',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({
      missing: [],
      saved: { instagramUrl: 'https://www.instagram.com/tavlin.shop', facebookUrl: '' },
    })
    const open = (await ctx.app.inject({ url: '/api/shop/details' })).json().data
    expect(open).toMatchObject({ instagramUrl: 'https://www.instagram.com/tavlin.shop', facebookUrl: '' })
    // Saved again without them (an older form): none.
    await put('/api/admin/shop/details', OWNER_DETAILS)
    expect((await ctx.app.inject({ url: '/api/shop/details' })).json().data).toMatchObject({
      instagramUrl: '',
      facebookUrl: '',
    })
  })

  it("renders the accessibility statement with the coordinator's details and the review date", async () => {
    const response = await ctx.app.inject({ url: '/api/shop/pages/accessibility' })
    expect(response.statusCode).toBe(200)
    const { html } = response.json().data as { html: string }
    expect(html).toContain('ת&quot;י 5568')
    expect(html).toContain('דנה לוי')
    expect(html).toContain('<a href="mailto:dana@tavlin.shop">dana@tavlin.shop</a>')
    expect(html).toContain('15.10.2026')
    expect(html).toMatch(/<h2>מגבלות ידועות<\/h2>/)
  })

  it.each(['terms', 'privacy', 'shipping'])('fills the business details into /%s', async (page) => {
    const { html } = (await ctx.app.inject({ url: `/api/shop/pages/${page}` })).json().data
    expect(html).toContain('520000472')
    expect(html).not.toContain('{{')
  })

  it('stores the owner’s Markdown without HTML, renders it escaped, and restores the shop’s text on empty', async () => {
    const markdown =
      '## משלוחים\n<script>alert(1)</script>שליח עד הבית ל-{{legalName}} & **מהר**\n\n- [קישור](javascript:alert(1))\n- [תקנון](/terms)'
    const saved = await put('/api/admin/shop/pages/shipping', { markdown })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({ isDefault: false })
    expect(saved.json().data.markdown).not.toContain('<script>')
    const { html } = (await ctx.app.inject({ url: '/api/shop/pages/shipping' })).json().data
    expect(html).toBe(
      '<h2>משלוחים</h2>\n<p>alert(1)שליח עד הבית ל-תבלין השוק בע&quot;מ &amp; <strong>מהר</strong></p>\n' +
        '<ul><li>[קישור](javascript:alert(1))</li><li><a href="/terms">תקנון</a></li></ul>',
    )
    const restored = await put('/api/admin/shop/pages/shipping', { markdown: '  ' })
    expect(restored.json().data).toMatchObject({ isDefault: true, updatedAt: null })
    const activity = await ctx.app.inject({ url: '/api/admin/activity?entityType=page', headers: admin })
    expect(activity.json().data.items.map((i: { action: string }) => i.action)).toEqual(['delete', 'update'])
  })

  it('answers 400 for a page that is not a legal page', async () => {
    expect((await ctx.app.inject({ url: '/api/shop/pages/about' })).statusCode).toBe(400)
  })
})

describe('shop settings: the delivery time while the owner has no delivery method', () => {
  it('is the DELIVERY_DAYS_MIN/MAX window, in the details and in the terms', async () => {
    const ctx = await buildTestApp({}, { DELIVERY_DAYS_MIN: '2', DELIVERY_DAYS_MAX: '4' })
    try {
      const details = (await ctx.app.inject({ url: '/api/shop/details' })).json().data
      expect(details.delivery).toContain('תוך 2–4 ימי עסקים מיום התשלום')
      const { html } = (await ctx.app.inject({ url: '/api/shop/pages/terms' })).json().data
      expect(html).toContain('תוך 2–4 ימי עסקים מיום התשלום')
    } finally {
      await ctx.close()
    }
  })
})

describe('shop settings: an admin’s save and the read cache', () => {
  it('is on the next read at once, on the process that saved, with no notification to wait for', async () => {
    // Never checked on a timer here: only the write's own reading of the version can tell.
    const ctx = await buildTestApp({}, {}, { catalogVersionTiming: { pollMs: 60_000, maxAgeMs: 120_000 } })
    const { db } = ctx.database
    try {
      const admin = { authorization: `Bearer ${await (await tokenFactory(ctx.config, db)).admin()}` }
      const before = await ctx.app.inject({ url: '/api/shop/details' })
      expect(before.json().data.legalName).toBe(DEMO_BUSINESS_DETAILS.legalName)
      // Migration 0004's trigger announces each version; without it the commit is silent.
      await db.execute(sql`alter table catalog_state disable trigger catalog_state_notify_version`)
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/shop/details',
        payload: OWNER_DETAILS,
        headers: admin,
      })
      expect(saved.statusCode).toBe(200)
      const after = await ctx.app.inject({ url: '/api/shop/details' })
      expect(after.json().data.legalName).toBe(OWNER_DETAILS.legalName)
      expect(after.headers.etag).not.toBe(before.headers.etag)
    } finally {
      await db.execute(sql`alter table catalog_state enable trigger catalog_state_notify_version`)
      await ctx.close()
    }
  })

  it('holds for a change of the delivery methods, whose sentences the details carry (issue 35)', async () => {
    const ctx = await buildTestApp({}, {}, { catalogVersionTiming: { pollMs: 60_000, maxAgeMs: 120_000 } })
    const { db } = ctx.database
    try {
      const admin = { authorization: `Bearer ${await (await tokenFactory(ctx.config, db)).admin()}` }
      const before = await ctx.app.inject({ url: '/api/shop/details' })
      await db.execute(sql`alter table catalog_state disable trigger catalog_state_notify_version`)
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/delivery/methods',
        payload: {
          kind: 'pickup',
          name: 'איסוף מהחנות',
          daysMin: 0,
          daysMax: 0,
          pickupAddress: 'רחוב השוק 1, תל אביב',
          openingHours: 'א׳–ה׳ 9:00–18:00',
        },
        headers: admin,
      })
      expect(created.statusCode, created.body).toBe(201)
      const after = await ctx.app.inject({ url: '/api/shop/details' })
      expect(after.json().data.delivery).toBe(
        'איסוף מהחנות: איסוף מהכתובת רחוב השוק 1, תל אביב (א׳–ה׳ 9:00–18:00); ההזמנה מוכנה לאיסוף ביום התשלום, ללא דמי משלוח.',
      )
      expect(after.headers.etag).not.toBe(before.headers.etag)
    } finally {
      await db.execute(sql`alter table catalog_state enable trigger catalog_state_notify_version`)
      await ctx.close()
    }
  })
})
