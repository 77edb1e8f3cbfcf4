import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSrcSet, type BatchUploadResult } from '@tavlin/contracts'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

import { multipart, picture, pngBomb, type Part } from '../../test/multipart.js'

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
      // Public pictures, shown by mail programs from their own pages too (issue 41).
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin')
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
