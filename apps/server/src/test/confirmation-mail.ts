// The e-mailed confirmation links (decision 237) as a test meets them: read from the mail
// outbox, as the recipient would read them from their inbox, and posted by the confirm page.
import { and, asc, eq, like } from 'drizzle-orm'
import { mailOutbox } from '../db/schema/index.js'
import type { TestContext } from './build-test-app.js'
import { freshIp } from './form-fixtures.js'

/** The confirmation mails sent to `to` (lower-case), oldest first. */
export async function confirmationMails(ctx: TestContext, to: string) {
  return ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.dedupeKey, 'confirm-link:%')))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
}

/** The token of the newest confirmation link mailed to `to`; throws when there is none. */
export async function confirmationToken(ctx: TestContext, to: string): Promise<string> {
  const mails = await confirmationMails(ctx, to)
  const text = mails.at(-1)?.text ?? ''
  const token = /\/confirm#(\S+)/.exec(text)?.[1]
  if (!token) throw new Error(`no confirmation link mailed to ${to}`)
  return token
}

/** What the confirm page sends when its button is pressed. */
export function confirmLink(ctx: TestContext, token: string, ip = freshIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/confirmations/confirm',
    payload: { token },
    remoteAddress: ip,
  })
}

/** What the confirm page asks when it opens. */
export function previewLink(ctx: TestContext, token: string, ip = freshIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/confirmations/preview',
    payload: { token },
    remoteAddress: ip,
  })
}
