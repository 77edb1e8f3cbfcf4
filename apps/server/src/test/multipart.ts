// Multipart bodies and pictures for the upload tests (outside the build, like every test helper).
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import sharp from 'sharp'

export type Part = { field: string; name: string; type: string; data: Buffer }

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
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

export const picture = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })

/** A real 1×1 PNG whose header claims 30000×30000 (900 megapixels), with a valid CRC. */
export async function pngBomb(): Promise<Buffer> {
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
