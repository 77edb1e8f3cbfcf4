import crypto from 'node:crypto'

/**
 * AWS Signature Version 4 for one request (header-based), as S3-compatible stores
 * (AWS S3, Cloudflare R2, MinIO, Backblaze B2…) expect it. Small on purpose: we send
 * a PUT and a DELETE, and an SDK would be a large dependency for that
 * (docs/decisions/071-image-storage.md).
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export type SigV4Credentials = {
  accessKeyId: string
  secretAccessKey: string
  region: string
  service: string
}

export const EMPTY_PAYLOAD_SHA256 = sha256Hex('')

export function sha256Hex(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex')
}

/** `20150830T123600Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** RFC 3986 encoding of one path segment or query part, as SigV4 wants it. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/**
 * The `Authorization` header for a request whose headers (host and x-amz-date among
 * them) are all signed. The path is encoded once, as S3 expects.
 */
export function signatureV4(request: {
  method: string
  url: URL
  headers: Record<string, string>
  payloadSha256: string
  credentials: SigV4Credentials
}): string {
  const { method, url, headers, payloadSha256, credentials } = request
  const normalized = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const date = normalized.find(([name]) => name === 'x-amz-date')?.[1]
  if (!date) throw new Error('x-amz-date header is required')
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/')
  const canonicalQuery = [...url.searchParams]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  const signedHeaders = normalized.map(([name]) => name).join(';')
  const canonicalRequest = [
    method.toUpperCase(),
    canonicalPath || '/',
    canonicalQuery,
    normalized.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    payloadSha256,
  ].join('\n')
  const day = date.slice(0, 8)
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n')
  const hmac = (key: crypto.BinaryLike, data: string) =>
    crypto.createHmac('sha256', key).update(data).digest()
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service),
    'aws4_request',
  )
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}
