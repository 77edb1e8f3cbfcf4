import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSrcSet, type BatchUploadResult } from '@tavlin/contracts'
import { sha256Hex, signatureV4 } from '../../lib/aws-sigv4.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { productInput } from '../../test/catalog-factory.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

type Part = { field: string; name: string; type: string; data: Buffer }

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tavlin${crypto.randomBytes(8).toString('hex')}`
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ])
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const picture = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })

/** A real 1×1 PNG whose header claims 30000×30000 (900 megapixels), with a valid CRC. */
async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  )
  png.writeUInt32BE(30_000, 16)
  png.writeUInt32BE(30_000, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
  return png
}

describe('POST /api/upload/images', () => {
  let ctx: TestContext
  let tokens: TokenFactory
  let admin: Record<string, string>
  const samples: Record<string, Buffer> = {}

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
    samples.jpeg = await picture()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .jpeg()
      .toBuffer()
    samples.png = await picture().png().toBuffer()
    samples.gif = await picture(400, 300).gif().toBuffer()
    samples.webp = await picture().webp().toBuffer()
  })
  afterAll(() => ctx.close())

  const uploadsDir = () => path.join(ctx.config.dataDir, 'uploads')
  const storedFiles = (folder: string) => {
    const dir = path.join(uploadsDir(), folder)
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('.tmp')) : []
  }
  const upload = (
    parts: Part[],
    folder: string | null = 'products',
    headers: Record<string, string> = admin,
  ) => {
    const body = multipart(parts)
    return ctx.app.inject({
      method: 'POST',
      url: folder === null ? '/api/upload/images' : `/api/upload/images?folder=${folder}`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    })
  }
  const one = (data: Buffer, name: string, type = 'image/jpeg') => [{ field: 'file', name, type, data }]

  it.each(['jpeg', 'png', 'gif', 'webp'])(
    'stores a %s as WebP in every width, without its metadata',
    async (kind) => {
      const response = await upload(one(samples[kind]!, `photo.${kind}`, `image/${kind}`), 'recipes')
      expect(response.statusCode, response.body).toBe(200)
      const { url } = response.json().data as { url: string }
      expect(url).toMatch(/^\/uploads\/recipes\/[0-9a-f]{32}-640\.webp$/)
      expect(imageSrcSet(url)).toContain('-960.webp 960w')

      const served = await ctx.app.inject({ method: 'GET', url })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toContain('immutable')
      const metadata = await sharp(served.rawPayload).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.width).toBe(kind === 'gif' ? 400 : 640)
      expect(metadata.exif).toBeUndefined()
      expect(served.rawPayload.includes('secret-camera-owner')).toBe(false)
      const base = url.slice(0, -'-640.webp'.length)
      for (const width of [320, 960]) {
        expect((await ctx.app.inject({ method: 'GET', url: `${base}-${width}.webp` })).statusCode).toBe(200)
      }
    },
  )

  it('answers a batch (field files) file by file', async () => {
    const response = await upload(
      [
        { field: 'files', name: 'a.png', type: 'image/png', data: samples.png! },
        {
          field: 'files',
          name: 'evil.jpg',
          type: 'image/jpeg',
          data: Buffer.from('MZ\x90\x00\x03 this program cannot be run'),
        },
        { field: 'files', name: 'b.webp', type: 'image/webp', data: samples.webp! },
        {
          field: 'files',
          name: 'huge.jpg',
          type: 'image/jpeg',
          data: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff),
        },
      ],
      'packages',
    )
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json().data as BatchUploadResult
    expect(result).toMatchObject({ total: 4, successCount: 2, failureCount: 2 })
    expect(result.successful.map((s) => s.originalName)).toEqual(['a.png', 'b.webp'])
    expect(result.failed).toEqual([
      { originalName: 'evil.jpg', error: 'upload.errors.invalidFileType' },
      { originalName: 'huge.jpg', error: 'upload.errors.fileTooLarge' },
    ])
    expect(storedFiles('packages')).toHaveLength(2 * 3)
  })

  it('keeps only the pixels of a file with something appended to it (a polyglot)', async () => {
    const polyglot = Buffer.concat([samples.jpeg!, Buffer.from('<?php system($_GET["c"]); ?>')])
    const response = await upload(one(polyglot, 'innocent.jpg'), 'recipes')
    expect(response.statusCode, response.body).toBe(200)
    const served = await ctx.app.inject({ method: 'GET', url: response.json().data.url })
    expect(served.rawPayload.includes('<?php')).toBe(false)
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp')
  })

  describe('refuses, with nothing stored', () => {
    const cases: Array<{ name: string; parts: () => Promise<Part[]> | Part[]; status: number; key: string }> =
      [
        {
          name: 'a decompression bomb (PNG claiming 30000×30000)',
          parts: async () => one(await pngBomb(), 'bomb.png', 'image/png'),
          status: 400,
          key: 'upload.errors.imageDimensionsTooLarge',
        },
        {
          name: 'a renamed executable',
          parts: () => one(Buffer.from('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00'), 'photo.jpg'),
          status: 415,
          key: 'upload.errors.invalidFileType',
        },
        {
          name: 'a renamed text file',
          parts: () => one(Buffer.from('just some text, not a picture'), 'photo.png', 'image/png'),
          status: 415,
          key: 'upload.errors.invalidFileType',
        },
        {
          name: 'an SVG',
          parts: () =>
            one(
              Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
              'logo.svg',
              'image/svg+xml',
            ),
          status: 415,
          key: 'upload.errors.invalidFileType',
        },
        {
          name: 'a zero-byte file',
          parts: () => one(Buffer.alloc(0), 'empty.jpg'),
          status: 400,
          key: 'upload.errors.emptyFile',
        },
        {
          name: 'a truncated JPEG',
          parts: () => one(samples.jpeg!.subarray(0, Math.floor(samples.jpeg!.length / 2)), 'cut.jpg'),
          status: 400,
          key: 'upload.errors.corruptImage',
        },
        {
          name: 'a file over 5 MB',
          parts: () => one(Buffer.concat([samples.jpeg!, Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg'),
          status: 413,
          key: 'upload.errors.fileTooLarge',
        },
        {
          name: 'more than 10 files',
          parts: () =>
            Array.from({ length: 11 }, (_, i) => ({
              field: 'files',
              name: `${i}.png`,
              type: 'image/png',
              data: samples.png!,
            })),
          status: 400,
          key: 'upload.errors.tooManyFiles',
        },
      ]
    it.each(cases)('$name', async ({ parts, status, key }) => {
      const response = await upload(await parts(), 'products')
      expect(response.statusCode, response.body).toBe(status)
      expect(response.json()).toMatchObject({ success: false, details: [{ message: key }] })
      expect(storedFiles('products')).toEqual([])
    })
  })

  it('puts an upload that names no folder in the tenant-uploads folder (spec §7)', async () => {
    const response = await upload(one(samples.png!, 'a.png', 'image/png'), null)
    expect(response.statusCode, response.body).toBe(200)
    expect((response.json().data as { url: string }).url).toMatch(
      /^\/uploads\/tenant-uploads\/[0-9a-f]{32}-640\.webp$/,
    )
    expect(storedFiles('tenant-uploads')).toHaveLength(3)
  })

  it('needs a folder of the list, when one is named, and a multipart body', async () => {
    expect((await upload(one(samples.png!, 'a.png', 'image/png'), 'elsewhere')).statusCode).toBe(400)
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/images?folder=products',
      payload: {},
      headers: admin,
    })
    expect(json.statusCode).toBe(415)
    expect((await upload([], 'products')).statusCode).toBe(400)
  })

  it('answers a body cut off inside a part with 400 and a message key, storing nothing (issue 15)', async () => {
    const before = storedFiles('packages')
    const whole = multipart([
      ...one(samples.png!, 'first.png', 'image/png').map((p) => ({ ...p, field: 'files' })),
      ...one(samples.jpeg!, 'second.jpg').map((p) => ({ ...p, field: 'files' })),
    ])
    for (const cut of [0.3, 0.6, 0.95]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/images?folder=packages',
        payload: whole.payload.subarray(0, Math.floor(whole.payload.length * cut)),
        headers: { ...whole.headers, ...admin },
      })
      expect(response.statusCode, `cut at ${cut}`).toBe(400)
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: [{ field: 'body', message: 'upload.errors.incomplete' }],
      })
    }
    expect(storedFiles('packages')).toEqual(before)
    expect(
      fs.readdirSync(uploadsDir(), { recursive: true }).filter((name) => String(name).endsWith('.tmp')),
    ).toEqual([])
  })

  it('refuses control characters in a part’s file name or field name with 400 naming it', async () => {
    const badName = await upload(one(samples.png!, 'a\u0000.png', 'image/png'), 'products')
    expect(badName.statusCode).toBe(400)
    expect(badName.json().details).toEqual([
      { field: 'body.file.filename', message: 'validation.invalidText' },
    ])
    const badField = await upload([
      { field: 'fi\u001ble', name: 'a.png', type: 'image/png', data: samples.png! },
    ])
    expect(badField.statusCode).toBe(400)
    expect(badField.json().details).toEqual([{ field: 'body.fi\uFFFDle', message: 'validation.invalidText' }])
  })

  it('is for administrators only', async () => {
    const anonymous = await upload(one(samples.png!, 'a.png', 'image/png'), 'products', {})
    expect(anonymous.statusCode).toBe(401)
    const customer = await upload(one(samples.png!, 'a.png', 'image/png'), 'products', {
      authorization: `Bearer ${await tokens.customer()}`,
    })
    expect(customer.statusCode).toBe(403)
    expect(storedFiles('products')).toEqual([])
  })
})

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
