import crypto from 'node:crypto'
import type { MalformedRequest } from './corpus.js'

/** Multipart bodies for the upload route: cut off, mislabelled, with traversal and NUL in names. */
export function multipartCorpus(url: string, image: Buffer): MalformedRequest[] {
  const boundary = 'tavlinBoundary15'
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` }
  const part = (field: string, filename: string, type = 'image/png', data: Buffer = image) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ])
  const end = Buffer.from(`--${boundary}--\r\n`)
  const whole = Buffer.concat([part('files', 'a.png'), part('files', 'b.png'), end])
  const out: MalformedRequest[] = []
  const push = (label: string, payload: Buffer, h: Record<string, string> = headers) =>
    out.push({ label: `multipart: ${label}`, method: 'POST', url, headers: h, payload, asAdmin: true })

  for (let cut = 1; cut < 40; cut++)
    push(`cut at ${cut}/40`, whole.subarray(0, Math.floor((whole.length * cut) / 40)))
  for (const name of [
    '../../../../etc/passwd',
    '..\\..\\evil.png',
    '/etc/shadow',
    'a\u0000.png',
    'x\uD800.png',
    '.',
    '',
    'ת'.repeat(3000) + '.png',
    'con.png',
    '%2e%2e%2fa.png',
  ])
    push(`file name ${JSON.stringify(name).slice(0, 24)}`, Buffer.concat([part('file', name), end]))
  for (const field of ['\u0000', '../file', 'files[]', 'file\r\nX-Injected: 1'])
    push(`field name ${JSON.stringify(field)}`, Buffer.concat([part(field, 'a.png'), end]))
  push('no boundary', whole, { 'content-type': 'multipart/form-data' })
  push('wrong boundary', whole, { 'content-type': 'multipart/form-data; boundary=other' })
  push('no closing boundary', Buffer.concat([part('file', 'a.png')]))
  push('only the closing boundary', end)
  push(
    'a text field only',
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n\u0000\r\n--${boundary}--\r\n`,
    ),
  )
  push(
    'no Content-Disposition',
    Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\nabc\r\n--${boundary}--\r\n`),
  )
  push('garbage', crypto.randomBytes(4096))
  push(
    'a svg that claims png',
    Buffer.concat([part('file', 'a.png', 'image/png', Buffer.from('<svg onload="alert(1)"/>')), end]),
  )
  push(
    'too many files',
    Buffer.concat([...Array.from({ length: 12 }, (_, i) => part('files', `${i}.png`)), end]),
  )
  return out
}

/** Paths that try to climb out of the static folders or confuse the router. */
export const TRAVERSAL_PATHS = [
  '/uploads/../../../../etc/passwd',
  '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/uploads/..%2f..%2f..%2fpackage.json',
  '/uploads/products/%00.webp',
  '/uploads/products/..%5c..%5cpackage.json',
  '/oidc/interaction/assets/..%2f..%2f..%2fpackage.json',
  '/oidc/interaction/assets/sign-in.css%00.js',
  '/api/../../etc/passwd',
  '/api/products/..%2f..%2f..%2fetc%2fpasswd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/assets/..%2f..%2fpackage.json',
  '/sandbox/payplus/pay/..%2f..%2f..%2fetc%2fpasswd',
  '/%ED%A0%80',
  '/%FF',
  '/products/%00',
  '/recipes/%ED%A0%80',
  '//evil.example/%2e%2e',
  '/api/docs/static/..%2f..%2f..%2fpackage.json',
]
