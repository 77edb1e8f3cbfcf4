import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testEngine, type TestContext } from '../build-test-app.js'
import { tokenFactory } from '../tokens.js'
import { corpusFor, type MalformedRequest, type Route } from './corpus.js'
import { multipartCorpus, TRAVERSAL_PATHS } from './upload-corpus.js'

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, string[]>[]
        parameters?: { in: string; name: string }[]
        requestBody?: { content: Record<string, { schema?: unknown }> }
      }
    >
  >
}

const MINIMUM_CORPUS = 2000
// Generous for a loaded 2-core machine; a deeply nested body once took 76 s here.
const SLOW_MS = 5000
const key = (method: string, route: string) =>
  `${method} ${route.replace(/\{[^}]+\}|:[A-Za-z]+/g, ':p').replace(/\/$/, '')}`

/** Every route Fastify has, hidden ones included, read from its route tree. */
function routesOf(tree: string): { method: string; path: string }[] {
  const stack: string[] = []
  const routes: { method: string; path: string }[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    // `/:id|:orderId` is one node with two names; the first will do.
    const segment = match[2]!.split('|')[0]!.replace(/\*$/, 'anything')
    stack.length = depth
    const full = (stack[depth - 1] ?? '') + segment
    stack[depth] = full
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') routes.push({ method, path: full })
  }
  return routes
}

describe(`malformed requests over every route (${testEngine()}): no 5xx, no crash`, () => {
  let ctx: TestContext
  // A subject of its own for each request: DELETE /api/account ends every token of the one it deletes.
  let adminToken: (subject: string) => Promise<string>
  const corpus: MalformedRequest[] = []

  beforeAll(async () => {
    ctx = await buildTestApp()
    const tokens = await tokenFactory(ctx.config, ctx.database.db)
    adminToken = (subject) =>
      tokens.sign({
        sub: subject,
        email: 'admin@tavlin.test',
        email_verified: true,
        [ctx.config.identity.rolesClaim]: ['Admin'],
      })
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi
    const documented = new Map<string, { isProtected: boolean; queryNames: string[]; bodySchema?: unknown }>()
    for (const [route, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        documented.set(key(method.toUpperCase(), route), {
          isProtected: (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement),
          queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodySchema: operation.requestBody?.content['application/json']?.schema,
        })

    const { outlineOf } = await import('./corpus.js')
    const routes = routesOf(ctx.app.printRoutes({ commonPrefix: false }))
    for (const { method, path: routePath } of routes) {
      const known = documented.get(key(method, routePath))
      const route: Route = {
        method,
        path: routePath,
        isProtected: known?.isProtected ?? false,
        ...(known?.bodySchema ? { bodyShape: outlineOf(known.bodySchema) } : {}),
      }
      corpus.push(...corpusFor(route, known?.queryNames ?? ['page', 'uid']))
    }

    // The identity provider's own endpoints (mounted with middie, so not in the tree).
    const discovery = (
      await ctx.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })
    ).json() as Record<string, unknown>
    const endpoints = Object.entries(discovery)
      .filter(([name, value]) => name.endsWith('_endpoint') && typeof value === 'string')
      .map(([, value]) => new URL(value as string).pathname)
    const authorizeParams = [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'nonce',
      'code_challenge',
      'code_challenge_method',
      'resource',
      'prompt',
    ]
    for (const endpoint of [...new Set(endpoints)]) {
      corpus.push(...corpusFor({ method: 'GET', path: endpoint, isProtected: false }, authorizeParams))
      corpus.push(
        ...corpusFor(
          {
            method: 'POST',
            path: endpoint,
            isProtected: false,
            bodyShape: {
              grant_type: 'refresh_token',
              refresh_token: 'x',
              client_id: 'tavlin-web',
              code: 'c',
              code_verifier: 'v',
              redirect_uri: 'http://localhost/',
              token: 't',
            },
          },
          [],
        ).map((request) =>
          // The provider reads form bodies: the same fields sent as the browser would.
          request.headers['content-type'] === 'application/json' &&
          typeof request.payload === 'string' &&
          request.payload.startsWith('{')
            ? {
                ...request,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: formOf(request.payload),
              }
            : request,
        ),
      )
    }

    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c80' } })
      .png()
      .toBuffer()
    corpus.push(...multipartCorpus('/api/upload/images?folder=products', image))
    for (const url of TRAVERSAL_PATHS)
      corpus.push({ label: `traversal ${url}`, method: 'GET', url, headers: {}, asAdmin: false })
  })
  afterAll(() => ctx.close())

  it(`holds at least ${MINIMUM_CORPUS} requests over every public and admin route`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(MINIMUM_CORPUS)
    const routes = new Set(corpus.map((request) => `${request.method} ${request.url.split('?')[0]}`))
    expect(routes.size).toBeGreaterThan(50)
    expect(corpus.filter((request) => request.asAdmin).length).toBeGreaterThan(500)
  })

  it('answers every one with a status below 500, and keeps serving', async () => {
    const failures: string[] = []
    const statuses = new Map<number, number>()
    let address = 0
    for (const request of corpus) {
      address += 1
      const startedAt = Date.now()
      const response = await ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: {
          ...request.headers,
          ...(request.asAdmin
            ? { authorization: `Bearer ${await adminToken(`robustness-admin-${address}`)}` }
            : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        // A new address each time, so per-address limits do not hide the routes behind 429s.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      })
      const took = Date.now() - startedAt
      // A request that keeps the server busy for seconds is a denial of service of its own.
      if (took > SLOW_MS) failures.push(`took ${took} ms: ${request.label}`)
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      if (response.statusCode >= 500)
        failures.push(`${response.statusCode} ${request.label}: ${response.body.slice(0, 200)}`)
      // The admin corpus must get past the guard, or it tests nothing but the guard.
      if (request.asAdmin && [401, 403].includes(response.statusCode))
        failures.push(`admin token refused: ${request.label}`)
      if (/root:x:0:0|"name": ?"@tavlin\//.test(response.body))
        failures.push(`leaked a file: ${request.label}`)
    }
    console.log(
      `${corpus.length} malformed requests on ${testEngine()}; statuses:`,
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    )
    expect(failures).toEqual([])
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('left nothing outside the uploads folder and no half-written files', () => {
    const uploads = path.join(ctx.config.dataDir, 'uploads')
    const files = fs.existsSync(uploads) ? (fs.readdirSync(uploads, { recursive: true }) as string[]) : []
    expect(files.filter((name) => name.endsWith('.tmp') || name.includes('..'))).toEqual([])
    expect(fs.readdirSync(ctx.config.dataDir).filter((name) => !['uploads', 'mail'].includes(name))).toEqual(
      [],
    )
  })
})

function formOf(json: string): string {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return json // a cut-off body stays cut off
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return json
  try {
    return Object.entries(value)
      .map(
        ([name, field]) =>
          `${percentEncode(name)}=${percentEncode(typeof field === 'string' ? field : JSON.stringify(field))}`,
      )
      .join('&')
  } catch {
    return json // too deep to write as a form: sent as it is
  }
}

/** encodeURIComponent, except that a lone surrogate is sent as its (invalid) UTF-8 bytes instead of throwing. */
function percentEncode(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    const code = char.charCodeAt(0)
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    return encodeURIComponent(char)
  })
}
