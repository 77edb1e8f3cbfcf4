import { describe, expect, it } from 'vitest'
import { createRemoteImages, isPublicAddress, type Transport } from './remote-image.js'

const PNG = Buffer.from('89504e470d0a1a0a', 'hex')

/** A public name and a stub server: what each address answers, and which were asked. */
function world(answers: Record<string, Awaited<ReturnType<Transport>>>, hosts: Record<string, string> = {}) {
  const asked: string[] = []
  const images = createRemoteImages({
    lookup: async (host) => [{ address: hosts[host] ?? '93.184.215.14', family: 4 }],
    transport: async (url, address) => {
      asked.push(`${url.href} @${address.address}`)
      return answers[url.href] ?? { status: 404, contentType: 'text/html', body: Buffer.alloc(0) }
    },
    maxBytes: 100,
  })
  return { images, asked }
}

describe('image addresses of an import (decision 286)', () => {
  it('fetches an https image from a public host, connecting to the address it vetted', async () => {
    const { images, asked } = world({
      'https://cdn.example.com/a.png': { status: 200, contentType: 'image/png', body: PNG },
    })
    expect(await images.fetch('https://cdn.example.com/a.png')).toEqual(PNG)
    expect(asked).toEqual(['https://cdn.example.com/a.png @93.184.215.14'])
  })

  it.each([
    ['http://cdn.example.com/a.png', 'רק כתובות https'],
    ['ftp://cdn.example.com/a.png', 'רק כתובות https'],
    ['https://10.0.0.5/a.png', 'הכתובת מפנה לרשת פרטית או מקומית'],
    ['https://127.0.0.1/a.png', 'הכתובת מפנה לרשת פרטית או מקומית'],
    ['https://169.254.169.254/latest/meta-data', 'הכתובת מפנה לרשת פרטית או מקומית'],
    ['https://[::1]/a.png', 'הכתובת מפנה לרשת פרטית או מקומית'],
    ['https://[::ffff:192.168.1.1]/a.png', 'הכתובת מפנה לרשת פרטית או מקומית'],
    ['https://intranet.example/a.png', 'הכתובת מפנה לרשת פרטית או מקומית'],
    ['not a url', 'כתובת התמונה אינה תקינה'],
  ])('refuses %s without connecting', async (address, reason) => {
    const { images, asked } = world({}, { 'intranet.example': '192.168.0.7' })
    await expect(images.fetch(address)).rejects.toThrow(reason)
    await expect(images.check(address)).rejects.toThrow(reason)
    expect(asked).toEqual([])
  })

  it("vets every redirect: one to the shop's own network is refused", async () => {
    const { images, asked } = world(
      {
        'https://cdn.example.com/a.png': {
          status: 302,
          location: 'https://internal.example/a.png',
          contentType: '',
          body: Buffer.alloc(0),
        },
      },
      { 'internal.example': '172.16.4.4' },
    )
    await expect(images.fetch('https://cdn.example.com/a.png')).rejects.toThrow('רשת פרטית')
    expect(asked).toHaveLength(1)
  })

  it('refuses what is not an image, or too large', async () => {
    const { images } = world({
      'https://cdn.example.com/page': { status: 200, contentType: 'text/html', body: Buffer.from('<html>') },
      'https://cdn.example.com/big.png': { status: 200, contentType: 'image/png', body: Buffer.alloc(101) },
    })
    await expect(images.fetch('https://cdn.example.com/page')).rejects.toThrow('הכתובת אינה של תמונה')
    await expect(images.fetch('https://cdn.example.com/big.png')).rejects.toThrow('התמונה גדולה מדי')
  })

  it('knows the public internet from the rest', () => {
    expect(isPublicAddress({ address: '8.8.8.8', family: 4 })).toBe(true)
    expect(isPublicAddress({ address: '2a00:1450:4001:80e::200e', family: 6 })).toBe(true)
    expect(isPublicAddress({ address: '100.64.0.1', family: 4 })).toBe(false)
    expect(isPublicAddress({ address: 'fd00::1', family: 6 })).toBe(false)
    expect(isPublicAddress({ address: 'fe80::1', family: 6 })).toBe(false)
  })
})
