import dns from 'node:dns/promises'
import https from 'node:https'
import net from 'node:net'

/**
 * An image address of an imported row, fetched for the upload pipeline (issue 37, decision
 * 286): https only; the host resolved and refused when any of its addresses is private,
 * loopback, link-local or otherwise not the public internet (the shop's own network is never
 * asked); the connection made to the address vetted, not resolved again (no DNS rebinding);
 * at most 3 redirects, each vetted; a size limit and a timeout. Every refusal is Hebrew.
 */
export class RemoteImageError extends Error {}

export type Resolved = { address: string; family: 4 | 6 }
export type Transport = (
  url: URL,
  address: Resolved,
  limits: { maxBytes: number; timeoutMs: number },
) => Promise<{ status: number; location?: string; contentType: string; body: Buffer }>

export type RemoteImageOptions = {
  lookup?: (host: string) => Promise<Resolved[]>
  transport?: Transport
  maxBytes?: number
  timeoutMs?: number
}

const NOT_PUBLIC = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

export function isPublicAddress({ address, family }: Resolved): boolean {
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return !NOT_PUBLIC.check(mapped[1]!, 'ipv4')
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

const systemLookup = async (host: string): Promise<Resolved[]> =>
  (await dns.lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

/** Node's https, connecting to the vetted address and naming the host for TLS. */
const httpsTransport: Transport = (url, address, { maxBytes, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const request = https.get(
      url,
      {
        lookup: (_host, _options, done) => done(null, address.address, address.family),
        timeout: timeoutMs,
        headers: { accept: 'image/*' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        const contentType = String(response.headers['content-type'] ?? '')
        if (status !== 200) {
          response.resume()
          return resolve({ status, location: response.headers.location, contentType, body: Buffer.alloc(0) })
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) request.destroy(new RemoteImageError('התמונה גדולה מדי'))
          else chunks.push(chunk)
        })
        response.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new RemoteImageError('השרת של התמונה לא ענה בזמן')))
    request.on('error', reject)
  })

export function createRemoteImages(options: RemoteImageOptions = {}) {
  const lookup = options.lookup ?? systemLookup
  const transport = options.transport ?? httpsTransport
  const limits = { maxBytes: options.maxBytes ?? 5 * 1024 * 1024, timeoutMs: options.timeoutMs ?? 10_000 }

  /** The address's public IP, or a refusal: not https, no such host, or not the public internet. */
  async function vet(address: string): Promise<{ url: URL; ip: Resolved }> {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      throw new RemoteImageError('כתובת התמונה אינה תקינה')
    }
    if (url.protocol !== 'https:') throw new RemoteImageError('רק כתובות https')
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const family = net.isIP(host)
    let found: Resolved[]
    try {
      found = family ? [{ address: host, family: family === 6 ? 6 : 4 }] : await lookup(host)
    } catch {
      throw new RemoteImageError(`השם ${host} לא נמצא`)
    }
    if (found.length === 0) throw new RemoteImageError(`השם ${host} לא נמצא`)
    if (!found.every(isPublicAddress)) throw new RemoteImageError('הכתובת מפנה לרשת פרטית או מקומית')
    return { url, ip: found[0]! }
  }

  async function fetchImage(address: string): Promise<Buffer> {
    let next = address
    for (let hop = 0; hop <= 3; hop++) {
      const { url, ip } = await vet(next)
      let answer: Awaited<ReturnType<Transport>>
      try {
        answer = await transport(url, ip, limits)
      } catch (error) {
        throw error instanceof RemoteImageError ? error : new RemoteImageError('הורדת התמונה נכשלה')
      }
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        next = new URL(answer.location, url).href
        continue
      }
      if (answer.status !== 200) throw new RemoteImageError(`השרת של התמונה ענה ${answer.status}`)
      if (!/^image\//i.test(answer.contentType)) throw new RemoteImageError('הכתובת אינה של תמונה')
      if (answer.body.length > limits.maxBytes) throw new RemoteImageError('התמונה גדולה מדי')
      return answer.body
    }
    throw new RemoteImageError('יותר מדי הפניות')
  }

  return {
    /** The dry run's check: the address could be fetched (https, a public host). */
    async check(address: string): Promise<void> {
      await vet(address)
    },
    fetch: fetchImage,
  }
}

export type RemoteImages = ReturnType<typeof createRemoteImages>

/** An address the import must fetch: a full URL (our own uploads are paths). */
export const isRemote = (image: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(image)

/**
 * An image given as an address: an existing product, recipe or package keeps the image it has
 * (the shop's copy of the same picture, fetched by an earlier import), a new one's address is
 * checked now and fetched when the file is applied. Returns the refusal's reason, if any.
 */
export async function remoteImage(
  write: { image: string },
  matched: { image: string } | undefined,
  context: { checkImage?(url: string): Promise<void> },
) {
  if (matched) {
    write.image = matched.image
    return undefined
  }
  if (!context.checkImage) return 'אפשר לטעון תמונות מכתובת רק מתוך ממשק הניהול'
  try {
    await context.checkImage(write.image)
    return undefined
  } catch (error) {
    if (error instanceof RemoteImageError) return error.message
    throw error
  }
}
