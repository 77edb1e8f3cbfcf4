import crypto from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { strangerKey, tokenFactory, type TokenFactory } from '../../test/tokens.js'

/**
 * Non-GET routes under /api that anyone may call. Everything else that changes
 * state must be marked `security: [{ bearerAuth: [] }]` in its schema and take
 * `requireAdmin`; a new route that forgets both fails here.
 */
const PUBLIC_WRITES: RegExp[] = [
  /^POST \/api\/orders\/generate-sale$/,
  /^POST \/api\/users\/form\/[^/]+$/,
  /^POST \/api\/products\/names$/,
  // Issue 19: a shopper checks a coupon code before paying (rate-limited per address).
  /^POST \/api\/coupons\/check$/,
  /^POST \/api\/payments\/[^/]+\/callback$/,
  // Issue 18: anyone may give notice of cancellation, ask for their data to be erased and
  // unsubscribe from marketing mail, without an account (each rate-limited or token-bound).
  /^POST \/api\/cancellations$/,
  /^POST \/api\/privacy\/deletion-requests$/,
  /^POST \/api\/marketing\/unsubscribe$/,
  // Issue 33: the confirm page of an e-mailed link; the signed token is the authority.
  /^POST \/api\/confirmations\/(preview|confirm)$/,
  // Issue 36: a review through the e-mailed link (its signed token is the authority), and its
  // photo (that token in a header, or a shopper's bearer token); both rate-limited.
  /^POST \/api\/reviews\/link(\/preview)?$/,
  /^POST \/api\/reviews\/photos$/,
  // Issue 36: a back-in-stock alert asked for by e-mail (confirmed by its link before it is
  // kept, rate-limited), and a cart reminder's restore link (its signed token is the authority).
  /^POST \/api\/stock-alerts$/,
  /^POST \/api\/cart-reminders\/(preview|restore)$/,
]

type Operation = { method: string; path: string; isProtected: boolean }

const isShopperRoute = (operation: Operation) =>
  operation.path === '/api/account' || operation.path.startsWith('/api/account/')

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('authorisation of every route in the OpenAPI document', () => {
  let ctx: TestContext
  let tokens: TokenFactory
  let operations: Operation[]
  const cases: { name: string; token: () => Promise<string | undefined>; expected: number }[] = []

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>
    }
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        isProtected: (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement),
      })),
    )

    const { identity } = ctx.config
    const now = Math.floor(Date.now() / 1000)
    const validClaims = { sub: 'someone', [identity.rolesClaim]: ['Admin'], iat: now, exp: now + 600 }
    const stranger = await strangerKey()
    const realKid = JSON.parse(Buffer.from((await tokens.admin()).split('.')[0]!, 'base64url').toString())
      .kid as string

    cases.push(
      { name: 'no token', token: async () => undefined, expected: 401 },
      { name: 'malformed token', token: async () => 'not.a-jwt', expected: 401 },
      {
        name: 'expired beyond the 60 s leeway',
        token: () => tokens.sign({ [identity.rolesClaim]: ['Admin'] }, { expiresInSeconds: -120 }),
        expected: 401,
      },
      {
        name: 'not valid before a time beyond the leeway',
        token: () => tokens.sign({ [identity.rolesClaim]: ['Admin'] }, { notBeforeSeconds: 120 }),
        expected: 401,
      },
      {
        name: 'wrong audience',
        token: () => tokens.sign({ [identity.rolesClaim]: ['Admin'], aud: 'urn:someone:else' }),
        expected: 401,
      },
      {
        name: 'wrong issuer',
        token: () => tokens.sign({ [identity.rolesClaim]: ['Admin'], iss: 'https://evil.example/' }),
        expected: 401,
      },
      {
        name: 'alg: none',
        token: async () =>
          `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...validClaims, iss: identity.issuer, aud: identity.audience })}.`,
        expected: 401,
      },
      {
        name: 'HS256 signed with the public key',
        token: async () =>
          new SignJWT({ ...validClaims, iss: identity.issuer, aud: identity.audience })
            .setProtectedHeader({ alg: 'HS256', kid: realKid })
            .sign(new TextEncoder().encode(await tokens.publicKeyPem())),
        expected: 401,
      },
      {
        name: 'valid signature by another key (same kid)',
        token: async () =>
          new SignJWT({ ...validClaims, iss: identity.issuer, aud: identity.audience })
            .setProtectedHeader({ alg: 'RS256', kid: realKid })
            .sign(stranger.privateKey),
        expected: 401,
      },
      { name: 'valid token without the Admin role', token: () => tokens.customer(), expected: 403 },
    )
  })
  afterAll(() => ctx.close())

  const adminOfItsOwn = () =>
    tokens.sign({
      sub: crypto.randomUUID(),
      email: 'admin@tavlin.test',
      email_verified: true,
      [ctx.config.identity.rolesClaim]: ['Admin'],
    })

  const call = (operation: Operation, token: string | undefined) => {
    const url = operation.path.replace(/\{[^}]+\}/g, () => crypto.randomUUID())
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(operation.method)
    return ctx.app.inject({
      method: operation.method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(hasBody ? { payload: {} } : {}),
    })
  }

  it('finds the admin routes in the document', () => {
    expect(operations.filter((o) => o.isProtected).map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/me',
        'GET /api/admin/activity',
        // Decision 293: the admin's reads of the products, hidden ones included.
        'GET /api/admin/products',
        'GET /api/admin/products/{id}',
        'POST /api/upload/images',
        'GET /api/users/form/{kind}/export.csv',
      ]),
    )
  })

  it('has every non-GET route under /api either marked as protected or on the public allow-list', () => {
    const unmarked = operations
      .filter(
        (o) => o.path.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(o.method) && !o.isProtected,
      )
      .map((o) => `${o.method} ${o.path}`)
      .filter((route) => !PUBLIC_WRITES.some((allowed) => allowed.test(route)))
    expect(unmarked, 'routes that change state without security: [{ bearerAuth: [] }]').toEqual([])
  })

  it('answers every protected route with 401 or 403 for each bad token, and lets an admin through', async () => {
    const failures: string[] = []
    for (const operation of operations.filter((o) => o.isProtected)) {
      for (const { name, token, expected } of cases) {
        // A shopper's own routes take any valid token (decision 230; account-authorization.test.ts).
        if (expected === 403 && isShopperRoute(operation)) continue
        const response = await call(operation, await token())
        if (response.statusCode !== expected)
          failures.push(
            `${operation.method} ${operation.path} with ${name}: ${response.statusCode}, expected ${expected}`,
          )
        else if (response.json().code !== (expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN'))
          failures.push(`${operation.method} ${operation.path} with ${name}: envelope ${response.body}`)
      }
      // A subject of its own each time: DELETE /api/account ends every token of the one it deletes.
      const asAdmin = await call(operation, await adminOfItsOwn())
      // Claiming guest orders needs a confirmed e-mail, which the admin's test token does not claim.
      const isRefusedForItsEmail = isShopperRoute(operation) && asAdmin.json().code === 'EMAIL_NOT_VERIFIED'
      if (([401, 403].includes(asAdmin.statusCode) && !isRefusedForItsEmail) || asAdmin.statusCode >= 500) {
        failures.push(`${operation.method} ${operation.path} as admin: ${asAdmin.statusCode}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('does not guard a route the document calls public (GET routes answer without a token)', async () => {
    const guarded: string[] = []
    for (const operation of operations.filter(
      (o) => !o.isProtected && o.method === 'GET' && o.path.startsWith('/api/'),
    )) {
      const response = await call(operation, undefined)
      if ([401, 403].includes(response.statusCode)) guarded.push(`${operation.method} ${operation.path}`)
    }
    expect(guarded, 'guarded routes missing security: [{ bearerAuth: [] }]').toEqual([])
  })

  it('accepts tokens within the 60 s clock leeway', async () => {
    const { rolesClaim } = ctx.config.identity
    const admin = { sub: crypto.randomUUID(), [rolesClaim]: ['Admin'] }
    for (const token of [
      await tokens.sign(admin, { expiresInSeconds: -30 }),
      await tokens.sign(admin, { notBeforeSeconds: 30 }),
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.statusCode).toBe(200)
    }
  })
})
