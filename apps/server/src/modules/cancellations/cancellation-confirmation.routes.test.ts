import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailConfirmations, orderStatusHistory, orders } from '../../db/schema/index.js'
import { bearer, shopperToken } from '../../test/account-shop.js'
import { useCancellationShop } from '../../test/cancellation-shop.js'
import { confirmLink, confirmationMails, confirmationToken } from '../../test/confirmation-mail.js'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

// Issue 33: a notice is given in the buyer's name only by the order's signed-in owner or
// from the order's own mailbox, and nothing a stranger typed is mailed on with its links.
describe('cancellation notices confirmed by the order’s mailbox', () => {
  const shop = useCancellationShop()
  const { paidOrder, notice, confirmFrom, mailsTo, inbox } = shop

  it("never mails a stranger's phishing text on: the link quotes nothing, the buyer's mail neither, the shop's has no links", async () => {
    // The attack of issue 33: a stranger who knows a number and its e-mail writes a message
    // with a link, hoping the shop mails it to its customer under the shop's name.
    const order = await paidOrder()
    const phishing = 'לאישור הביטול נא לאמת את הכרטיס בכתובת http://evil.example/card או www.evil-pay.co.il'
    const sent = await notice({
      orderNumber: `TV-${order.number}`,
      contact: order.customer.email,
      message: phishing,
    })
    expect(sent.json().data).toEqual({ received: true, confirmation: 'by-email' })
    expect((await inbox()).some((entry) => entry.orderId === order.id)).toBe(false)

    const [link] = await confirmationMails(shop.ctx, order.customer.email)
    expect(link!.subject).toBe(`תבלין: אישור הודעת ביטול להזמנה TV-${order.number}`)
    for (const body of [link!.text, link!.html]) {
      expect(body).not.toContain('evil')
      expect(body).not.toContain('לאמת את הכרטיס')
    }

    // Confirmed from the order's mailbox: only now the notice is given.
    await confirmFrom(order.customer.email)
    const entry = (await inbox()).find((candidate) => candidate.orderId === order.id)!
    expect(entry).toMatchObject({ message: phishing, confirmedBy: 'email', requestedAt: expect.any(String) })
    const [toBuyer] = await mailsTo(`cancellation:${entry._id}`)
    const [toShop] = await mailsTo(`cancellation-notice:${entry._id}`)
    for (const body of [toBuyer!.text, toBuyer!.html]) {
      expect(body).not.toContain('evil')
      expect(body).not.toContain('לאמת את הכרטיס')
    }
    expect(toShop!.text).toContain('[קישור הוסר]')
    expect(toShop!.text).not.toContain('evil')
    expect(toShop!.html).not.toContain('evil')

    // A link files once.
    const again = await confirmLink(shop.ctx, await confirmationToken(shop.ctx, order.customer.email))
    expect(again.statusCode).toBe(409)
    expect((await inbox()).filter((candidate) => candidate.orderId === order.id)).toHaveLength(1)
  })

  it("takes the signed-in owner's notice at once, and sends another shopper's to the order's mailbox", async () => {
    const owner = bearer(await shopperToken(shop.tokens, 'p-cancel-owner'))
    const other = bearer(await shopperToken(shop.tokens, 'p-cancel-other'))
    const order = await paidOrder(owner)
    expect(order.accountSubject).toBe('p-cancel-owner')
    const byOther = await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email }, other)
    expect(byOther.json().data).toEqual({ received: true, confirmation: 'by-email' })
    expect((await inbox()).some((entry) => entry.orderId === order.id)).toBe(false)

    const byOwner = await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email }, owner)
    expect(byOwner.json().data).toEqual({ received: true, confirmation: 'filed' })
    const entry = (await inbox()).find((candidate) => candidate.orderId === order.id)
    expect(entry).toMatchObject({ confirmedBy: 'account', requestedAt: null, isAllowed: true })
    expect(await mailsTo(`cancellation:${entry!._id}`)).toHaveLength(1)
    // An invalid token is refused, never taken as a stranger's notice.
    const forged = await notice(
      { orderNumber: `TV-${order.number}`, contact: order.customer.email },
      { authorization: 'Bearer not-a-token' },
    )
    expect(forged.statusCode).toBe(401)
  })

  it("judges a notice confirmed by e-mail at the confirmation's time, the notice's time", async () => {
    const order = await paidOrder()
    // Delivered 14 days and an hour ago: the window closed an hour ago.
    await shop.ctx.database.db
      .update(orders)
      .set({ status: 'delivered', paidAt: new Date(Date.now() - 20 * DAY) })
      .where(eq(orders.id, order.id))
    await shop.ctx.database.db
      .insert(orderStatusHistory)
      .values({ orderId: order.id, status: 'delivered', at: new Date(Date.now() - 14 * DAY - HOUR) })
    await notice({ orderNumber: `TV-${order.number}`, contact: order.customer.email })
    // The form was sent two hours ago, inside the window; the mailbox confirms only now.
    const token = await confirmationToken(shop.ctx, order.customer.email)
    await shop.ctx.database.db
      .update(emailConfirmations)
      .set({ requestedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(emailConfirmations.id, token.split('.')[0]!))
    await confirmFrom(order.customer.email)
    const entry = (await inbox()).find((candidate) => candidate.orderId === order.id)!
    // The confirmation is the notice: by then the 14 days were over.
    expect(entry).toMatchObject({ isAllowed: false, refusal: 'window', confirmedBy: 'email' })
    expect(Date.parse(entry.requestedAt as string)).toBeLessThan(Date.parse(entry.createdAt as string) - HOUR)
  })
})
