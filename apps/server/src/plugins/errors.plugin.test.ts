import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../lib/errors.js'
import { eq, sql } from 'drizzle-orm'
import { products } from '../db/schema/index.js'
import { buildTestApp, openTestDatabase, type TestContext } from '../test/build-test-app.js'
import { errorsPlugin } from './errors.plugin.js'

/** The errors plugin alone, with the zod compilers the app uses, and routes that fail on purpose. */
async function buildRuleApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await app.register(errorsPlugin)
  app.post(
    '/api/items',
    {
      schema: {
        body: z.object({
          name: z.string().min(1, { error: 'validation.nameRequired' }),
          price: z.number().positive(),
        }),
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
      },
    },
    async (request) => ({ success: true, data: request.body }),
  )
  app.get('/api/boom', async () => {
    throw new Error(
      'insert into "orders" violates constraint orders_pkey at /srv/app/orders.repository.ts:42',
    )
  })
  app.get('/api/missing', async () => {
    throw new AppError('NOT_FOUND', 'Product not found')
  })
  app.get('/api/busy', async () => {
    throw new AppError('RATE_LIMITED', 'Too many requests', undefined, { 'retry-after': '30' })
  })
  await app.ready()
  return app
}

describe('errors plugin', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildRuleApp()
  })
  afterAll(() => app.close())

  it('answers a schema violation with 400 VALIDATION_ERROR and one entry per field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/items', payload: { name: '', price: -3 } })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: expect.any(String) })
    expect(body.details).toHaveLength(2)
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'validation.nameRequired' },
        { field: 'body.price', message: expect.any(String) },
      ]),
    )

    const query = await app.inject({
      method: 'POST',
      url: '/api/items?page=0',
      payload: { name: 'זעתר', price: 5 },
    })
    expect(query.statusCode).toBe(400)
    expect(query.json().details).toEqual([{ field: 'query.page', message: expect.any(String) }])
  })

  it('accepts a valid body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/items',
      payload: { name: 'ברברה', price: 12.9 },
    })
    expect(response.statusCode).toBe(200)
  })

  it('answers malformed JSON with 400 in the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ברברה",',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
    })
  })

  it('turns an AppError into its status and code, with its headers', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/missing' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Product not found' })
    const busy = await app.inject({ method: 'GET', url: '/api/busy' })
    expect(busy.statusCode).toBe(429)
    expect(busy.headers['retry-after']).toBe('30')
  })

  it('hides an unexpected error behind 500 INTERNAL_ERROR, with no stack or SQL', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/boom' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    })
    expect(response.body).not.toMatch(/orders|constraint|\.ts:|at /)
  })
})

describe('unknown API routes in the whole app', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it.each(['GET', 'POST', 'DELETE'] as const)('%s /api/… answers 404 in the envelope', async (method) => {
    const response = await ctx.app.inject({
      method,
      url: '/api/no-such-thing?x=1',
      ...(method === 'POST' ? { payload: { a: 1 } } : {}),
    })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })
})

describe('database errors (issue 15): the log never carries the statement or what was typed', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  let app: FastifyInstance
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = []

  beforeAll(async () => {
    database = await openTestDatabase()
    const db = database.database.db
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    })
    await app.register(errorsPlugin)
    // Past the edge's text rule on purpose: what the database does with such text.
    app.post<{ Body: { name: string } }>('/api/raw', async (request) => {
      await db.select().from(products).where(eq(products.name, request.body.name))
      return { success: true }
    })
    app.post<{ Body: { name: string } }>('/api/broken', async (request) => {
      await db.execute(sql`select * from no_such_table where name = ${request.body.name}`)
      return { success: true }
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.database.close()
    await database.drop()
  })

  it('answers text the database refuses with 400, logged as a warning without the SQL', async () => {
    lines.length = 0
    const response = await app.inject({
      method: 'POST',
      url: '/api/raw',
      payload: { name: 'סוד של לקוחה\u0000' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' })
    const logged = JSON.stringify(lines)
    expect(logged).not.toMatch(/select|סוד של לקוחה/i)
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
    expect(lines.some((line) => line.level === 40 && /refused the request text/.test(line.msg))).toBe(true)
  })

  it('logs any other database failure at error level with its SQLSTATE only', async () => {
    lines.length = 0
    const response = await app.inject({
      method: 'POST',
      url: '/api/broken',
      payload: { name: 'דנה לוי 050-1234567' },
    })
    expect(response.statusCode).toBe(500)
    const errors = lines.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ database: { sqlState: '42P01' } })
    expect(JSON.stringify(lines)).not.toMatch(/select|דנה לוי|050-1234567/i)
  })
})
