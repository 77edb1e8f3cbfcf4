import fs from 'node:fs/promises'
import path from 'node:path'
import { amzDate, sha256Hex, signatureV4, type SigV4Credentials } from '../../lib/aws-sigv4.js'
import { makePrivateFolder, writePrivateFile } from '../../lib/private-files.js'

/**
 * Where uploaded images go (DESIGN §3): a folder served by this server, or an
 * S3-compatible bucket behind a CDN. Keys look like `products/<id>-640.webp`.
 */
export type ImageStorage = {
  /** Stores the bytes under `key` and returns the public address. */
  put(key: string, body: Buffer, contentType: string): Promise<string>
  /** The public address `put` returns for `key`, known before storing. */
  urlOf(key: string): string
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>
}

/** Names never change (a new upload gets a new id), so caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** `$DATA_DIR/uploads`, served at /uploads/ by the uploads-static plugin. */
export function createLocalImageStorage(root: string): ImageStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key)
    // Keys are built by the uploads service, never from a request; this is a last guard.
    if (!file.startsWith(path.resolve(root) + path.sep))
      throw new Error(`key outside the uploads folder: ${key}`)
    return file
  }
  const urlOf = (key: string) => `/uploads/${key}`
  return {
    async put(key, body) {
      const file = fileOf(key)
      await makePrivateFolder(path.dirname(file))
      // Write then rename, so a reader never sees half a file; the shop's user alone reads it.
      await writePrivateFile(file, body, `${file}.${process.pid}.${Date.now()}.tmp`)
      return urlOf(key)
    },
    urlOf,
    async delete(key) {
      await fs.rm(fileOf(key), { force: true })
    },
  }
}

export type S3StorageConfig = Readonly<{
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Public base address of the bucket (usually a CDN); objects are `${publicUrl}/${key}`. */
  publicUrl: string
}>

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>

/** Path-style requests (`${endpoint}/${bucket}/${key}`), which every S3-compatible store accepts. */
export function createS3ImageStorage(config: S3StorageConfig, http: Fetch = fetch): ImageStorage {
  const credentials: SigV4Credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  }
  const objectUrl = (key: string) =>
    new URL(
      `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
    )

  async function send(
    method: 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
    extraHeaders: Record<string, string> = {},
  ) {
    const url = objectUrl(key)
    const payloadSha256 = sha256Hex(body ?? '')
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDate(new Date()),
      'x-amz-content-sha256': payloadSha256,
      ...extraHeaders,
    }
    const authorization = signatureV4({ method, url, headers, payloadSha256, credentials })
    const { host: _host, ...sent } = headers
    const response = await http(url, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    })
    // DELETE of a missing object is 204 on S3; some stores answer 404.
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      const text = await response.text().catch(() => '')
      throw new Error(`S3 ${method} ${key}: HTTP ${response.status} ${text.slice(0, 200)}`)
    }
    await response.body?.cancel()
  }

  const urlOf = (key: string) => `${config.publicUrl.replace(/\/+$/, '')}/${key}`
  return {
    async put(key, body, contentType) {
      await send('PUT', key, body, {
        'content-type': contentType,
        'cache-control': IMMUTABLE_CACHE_CONTROL,
      })
      return urlOf(key)
    },
    urlOf,
    async delete(key) {
      await send('DELETE', key)
    },
  }
}
