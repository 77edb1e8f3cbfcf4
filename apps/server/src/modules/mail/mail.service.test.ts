import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/index.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { createMailRepository } from './mail.repository.js'
import { createMailService } from './mail.service.js'
import { createMailTransport } from './mail.transport.js'
import type { OrderMailView } from './mail.templates.js'

/** A minimal SMTP server (RFC 5321 subset, no TLS) that keeps what it receives. */
function startSmtpServer() {
  const received: Array<{ from: string; to: string[]; data: string }> = []
  let refuse = false
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let current = { from: '', to: [] as string[], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 test-smtp ready')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let index: number
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(current)
            current = { from: '', to: [], data: '' }
            reply('250 queued')
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') reply('250 test-smtp')
        else if (command === 'MAIL') {
          if (refuse) reply('451 try again later')
          else {
            current.from = line
            reply('250 ok')
          }
        } else if (command === 'RCPT') {
          current.to.push(line)
          reply('250 ok')
        } else if (command === 'DATA') {
          inData = true
          reply('354 end with .')
        } else if (command === 'RSET') reply('250 ok')
        else if (command === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('502 not implemented')
      }
    })
  })
  return {
    received,
    setRefuse: (value: boolean) => (refuse = value),
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const view: OrderMailView = {
  orderId: '7d1f0a3e-1111-4000-8000-000000000001',
  number: 'TV-1001',
  customerName: 'נועה כהן',
  customerEmail: 'noa@example.com',
  orderUrl: 'http://localhost/checkout/payment-pending?order=7d1f0a3e&token=t0k3n',
  phone: '0501234567',
  address: 'הרצל 12, תל אביב',
  notes: null,
  lines: [{ name: 'ברברה <חריפה>', size: '100 גרם', quantity: 2, unitPrice: 24.9, lineTotal: 49.8 }],
  subtotal: 49.8,
  shippingFee: 15,
  vat: 9.88,
  total: 64.8,
  deliveryEstimate: 'יום שני, 30 בנובמבר – יום רביעי, 2 בדצמבר',
}

const smtp = startSmtpServer()
let ctx: TestContext
let port: number
beforeAll(async () => {
  port = await smtp.listen()
  ctx = await buildTestApp()
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

const log = { info() {}, warn() {}, error() {} }
function service(transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '' })) {
  return createMailService({
    repository: createMailRepository(ctx.database.db),
    transport,
    shopName: 'תבלין',
    shopEmail: 'shop@tavlin.local',
    from: 'תבלין <shop@tavlin.local>',
    log,
  })
}

describe('mail outbox: delivery', () => {
  it('sends the confirmation and the shop notice over SMTP once, retrying after a failure', async () => {
    const mail = service()
    await mail.enqueueOrderPaid(view)
    await mail.enqueueOrderPaid(view) // the same order again: still one of each

    smtp.setRefuse(true)
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 2 })
    smtp.setRefuse(false)
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 }) // not due yet: retried later
    const repository = createMailRepository(ctx.database.db)
    const pending = await repository.findByDedupeKey(`order-confirmation:${view.orderId}`)
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('451'),
    })

    await ctx.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` })
    expect(await mail.deliverDue()).toEqual({ sent: 2, failed: 0 })
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
    expect(smtp.received).toHaveLength(2)
    const toCustomer = smtp.received.find((m) => m.to.some((to) => to.includes('noa@example.com')))!
    expect(toCustomer.data).toMatch(/Subject: =\?UTF-8\?/i)
    expect(toCustomer.data).toContain('text/plain')
    expect(toCustomer.data).toContain('text/html')
    expect(smtp.received.some((m) => m.to.some((to) => to.includes('shop@tavlin.local')))).toBe(true)
    expect((await repository.findByDedupeKey(`new-order-notice:${view.orderId}`))?.status).toBe('sent')
  })
})

describe('mail outbox: files and rendering', () => {
  it('writes .eml files under the mail folder when no SMTP_URL is set', async () => {
    const mailDir = path.join(ctx.config.dataDir, 'mail')
    const mail = service(createMailTransport({ smtpUrl: undefined, mailDir }))
    await mail.enqueueOrderPaid({ ...view, orderId: '7d1f0a3e-1111-4000-8000-000000000002' })
    expect(await mail.deliverDue()).toEqual({ sent: 2, failed: 0 })
    const files = fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
    expect(files).toHaveLength(2)
    const content = files.map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8')).join('\n')
    expect(content).toContain('Content-Type: text/html')
    expect(content).toContain('noa@example.com')
  })

  it('renders Hebrew, right-to-left HTML with the items, totals and address, escaped', async () => {
    const { renderOrderConfirmation } = await import('./order-confirmation.template.js')
    const rendered = renderOrderConfirmation(view, { shopName: 'תבלין', publicUrl: 'http://localhost' })
    expect(rendered.subject).toBe('תבלין: אישור הזמנה TV-1001')
    expect(rendered.html).toContain('dir="rtl"')
    expect(rendered.html).toContain('ברברה &lt;חריפה&gt;')
    expect(rendered.html).toContain('<bdi dir="ltr">64.80 ₪</bdi>')
    expect(rendered.html).toContain('<bdi dir="ltr">15.00 ₪</bdi>')
    expect(rendered.text).toContain('הרצל 12, תל אביב')
    // Plain text has no <bdi>: the amount is isolated left-to-right with U+2066 … U+2069.
    expect(rendered.text).toContain('סה״כ לתשלום: \u206664.80 ₪\u2069')
    expect(rendered.text).toContain('משלוח: \u206615.00 ₪\u2069')
    // One form everywhere: every ₪ follows two decimals, never precedes the digits.
    for (const body of [rendered.html, rendered.text]) {
      expect(body).not.toMatch(/₪\s*\d/)
      expect(body.match(/₪/g)).toHaveLength(body.match(/\d\.\d{2} ₪/g)!.length)
    }
    expect(rendered.text).toContain('מועד משלוח משוער: יום שני, 30 בנובמבר – יום רביעי, 2 בדצמבר')
    expect(rendered.html).toContain('מועד משלוח משוער: יום שני, 30 בנובמבר – יום רביעי, 2 בדצמבר')
  })
})
