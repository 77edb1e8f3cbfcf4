import http from 'node:http'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex, signatureV4 } from '../../lib/aws-sigv4.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { productInput } from '../../test/catalog-factory.js'
import { tokenFactory } from '../../test/tokens.js'

import { multipart, picture } from '../../test/multipart.js'

/**
 * A tiny S3 stand-in: accepts PUT and DELETE only when signed with SigV4 by the
 * known key (recomputed from the headers the request says it signed) and when
 * x-amz-content-sha256 is the body's hash; keeps the objects in memory.
 */
function fakeS3(credentials: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, { body: Buffer; headers: http.IncomingHttpHeaders }>()
  const rejected: string[] = []
  /** Answer this many more PUTs normally, then fail every PUT with 500 (null: never fail). */
  const faults = { putsBeforeFailure: null as number | null }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = new URL(request.url!, `http://${request.headers.host}`)
      const authorization = request.headers.authorization ?? ''
      const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? []
      const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name] ?? '')]))
      const expected = signatureV4({
        method: request.method!,
        url,
        headers,
        payloadSha256: String(request.headers['x-amz-content-sha256']),
        credentials: { ...credentials, service: 's3' },
      })
      const isSigned =
        signed.includes('host') &&
        signed.includes('x-amz-date') &&
        signed.includes('x-amz-content-sha256') &&
        authorization === expected &&
        request.headers['x-amz-content-sha256'] === sha256Hex(body)
      if (!isSigned) {
        rejected.push(`${request.method} ${url.pathname}`)
        response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
        return
      }
      if (request.method === 'PUT' && faults.putsBeforeFailure !== null) {
        if (faults.putsBeforeFailure <= 0) {
          response.writeHead(500).end('<Error><Code>InternalError</Code></Error>')
          return
        }
        faults.putsBeforeFailure -= 1
      }
      if (request.method === 'PUT') objects.set(url.pathname, { body, headers: request.headers })
      else if (request.method === 'DELETE') objects.delete(url.pathname)
      response.writeHead(request.method === 'DELETE' ? 204 : 200).end()
    })
  })
  return { server, objects, rejected, faults }
}

describe('POST /api/upload/images with S3-compatible storage', () => {
  const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'il-central-1' }
  const s3 = fakeS3(credentials)
  let ctx: TestContext
  let admin: Record<string, string>

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve))
    const { port } = s3.server.address() as { port: number }
    ctx = await buildTestApp(
      {},
      {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'tavlin-images',
        S3_REGION: credentials.region,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_PUBLIC_URL: 'https://cdn.tavlin.test',
      },
    )
    admin = { authorization: `Bearer ${await (await tokenFactory(ctx.config, ctx.database.db)).admin()}` }
  })
  afterAll(async () => {
    await ctx.close()
    await new Promise((resolve) => s3.server.close(resolve))
  })

  it('puts every width into the bucket, signed, and returns the CDN address', async () => {
    const data = await picture().png().toBuffer()
    const body = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data }])
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/images?folder=products',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    })
    expect(response.statusCode, response.body).toBe(200)
    const { url } = response.json().data as { url: string }
    const match = /^https:\/\/cdn\.tavlin\.test\/products\/([0-9a-f]{32})-640\.webp$/.exec(url)
    expect(match).not.toBeNull()
    expect(s3.rejected).toEqual([])
    expect([...s3.objects.keys()].sort()).toEqual(
      [320, 640, 960].map((width) => `/tavlin-images/products/${match![1]}-${width}.webp`),
    )
    const stored = s3.objects.get(`/tavlin-images/products/${match![1]}-640.webp`)!
    expect(stored.headers['content-type']).toBe('image/webp')
    expect(stored.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(stored.body).metadata()).width).toBe(640)
  })

  it('stores nothing for a refused file', async () => {
    const before = s3.objects.size
    const body = multipart([
      { field: 'file', name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('MZ not an image') },
    ])
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/images?folder=products',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    })
    expect(response.statusCode).toBe(415)
    expect(s3.objects.size).toBe(before)
  })

  it('removes the widths already stored when the bucket fails half-way', async () => {
    const before = [...s3.objects.keys()]
    s3.faults.putsBeforeFailure = 1
    try {
      const data = await picture().png().toBuffer()
      const single = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data }])
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/images?folder=products',
        payload: single.payload,
        headers: { ...single.headers, ...admin },
      })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: [{ message: 'upload.errors.uploadFailed' }],
      })
      expect([...s3.objects.keys()]).toEqual(before)

      s3.faults.putsBeforeFailure = 1
      const batch = multipart([{ field: 'files', name: 'b.png', type: 'image/png', data }])
      const result = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/images?folder=products',
        payload: batch.payload,
        headers: { ...batch.headers, ...admin },
      })
      expect(result.json().data).toMatchObject({
        successCount: 0,
        failed: [{ originalName: 'b.png', error: 'upload.errors.uploadFailed' }],
      })
      expect([...s3.objects.keys()]).toEqual(before)
    } finally {
      s3.faults.putsBeforeFailure = null
    }
  })

  it('deletes every width from the bucket, signed, when the product using the image is deleted', async () => {
    const data = await picture().png().toBuffer()
    const body = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data }])
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/images?folder=products',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    })
    const { url } = uploaded.json().data as { url: string }
    const id = /\/products\/([0-9a-f]{32})-640\.webp$/.exec(url)![1]!
    const keys = [320, 640, 960].map((width) => `/tavlin-images/products/${id}-${width}.webp`)
    expect(keys.every((key) => s3.objects.has(key))).toBe(true)

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: productInput({ image: url }),
      headers: admin,
    })
    expect(created.statusCode, created.body).toBe(201)
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${created.json().data._id}`,
      headers: admin,
    })
    expect(deleted.statusCode).toBe(200)
    expect(keys.filter((key) => s3.objects.has(key))).toEqual([])
    expect(s3.rejected).toEqual([])
  })
})
