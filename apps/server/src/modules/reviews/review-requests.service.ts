import crypto from 'node:crypto'
import {
  DEFAULT_REVIEW_SETTINGS,
  REVIEW_LINK_VALID_DAYS,
  ReviewSettingsSchema,
  type ReviewSettings,
} from '@tavlin/contracts'
import type { Executor, UnitOfWork } from '../../db/unit-of-work.js'
import type { Logger } from '../../lib/logger.js'
import type { Actor, AuditService } from '../audit/index.js'
import { hashLinkSecret, newLinkSecret, signLinkToken } from '../confirmations/index.js'
import type { ReviewRequestView } from '../mail/index.js'
import type { ReceivedItems, ReceivedLine } from '../orders/index.js'
import type { NewReviewLink, ReviewLinksRepository } from './review-links.repository.js'
import type { ReviewsRepository } from './reviews.repository.js'
import { buyerKeyOf } from './review-rules.js'

const DAY_MS = 24 * 60 * 60 * 1000
/** Orders delivered longer ago than the delay plus this are not asked any more (a late start, a long pause). */
const LATE_WINDOW_DAYS = 30
export const REVIEW_SETTINGS_KEY = 'reviews'

/** Where the owner's settings are kept: the shop settings' rows, handed in by the wiring. */
export type ReviewSettingsStore = {
  findSetting(key: string): Promise<{ value: unknown } | undefined>
  saveSetting(key: string, value: unknown): Promise<unknown>
}

export type ReviewRequestsDeps = {
  links: ReviewLinksRepository
  reviews: ReviewsRepository
  received: ReceivedItems
  unitOfWork: UnitOfWork
  settings: ReviewSettingsStore
  mail: {
    enqueueReviewRequest(view: ReviewRequestView, executor?: Executor): Promise<void>
    deliverCommitted(): void
  }
  audit: AuditService
  signingKey: () => Promise<string>
  publicUrl: string
  log: Logger
}

/**
 * The review e-mail (issue 36, decision 281): the configured number of days after an order is
 * delivered, one e-mail per order with a signed single-use link for each item its buyer has
 * not reviewed yet. The order is marked in the same transaction as the mail is queued, so two
 * processes never both send it and a failed run sends nothing.
 */
export function createReviewRequests(deps: ReviewRequestsDeps) {
  const { links, settings } = deps

  async function readSettings(): Promise<ReviewSettings> {
    const parsed = ReviewSettingsSchema.safeParse((await settings.findSetting(REVIEW_SETTINGS_KEY))?.value)
    return parsed.success ? parsed.data : DEFAULT_REVIEW_SETTINGS
  }

  return {
    settings: readSettings,

    async updateSettings(input: ReviewSettings, actor?: Actor): Promise<ReviewSettings> {
      await settings.saveSetting(REVIEW_SETTINGS_KEY, input)
      await deps.audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: REVIEW_SETTINGS_KEY,
        summary: input.isEnabled
          ? `בקשת חוות דעת במייל: ${input.requestAfterDays} ימים אחרי המסירה`
          : 'בקשת חוות דעת במייל: כבויה',
      })
      return input
    },

    /** The background job: mails each order delivered the configured days ago, once. */
    async sendDue(now = new Date()): Promise<{ sent: number }> {
      const { isEnabled, requestAfterDays } = await readSettings()
      if (!isEnabled) return { sent: 0 }
      const until = new Date(now.getTime() - requestAfterDays * DAY_MS)
      const from = new Date(until.getTime() - LATE_WINDOW_DAYS * DAY_MS)
      const lines = await deps.received.deliveredBetween(from, until)
      const mailed = await links.mailed([...new Set(lines.map((line) => line.orderId))])
      const byOrder = new Map<string, ReceivedLine[]>()
      for (const line of lines) {
        if (mailed.has(line.orderId)) continue
        byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line])
      }
      let sent = 0
      for (const orderLines of byOrder.values()) {
        try {
          if (await mailOrder(deps, orderLines, now)) sent += 1
        } catch (error) {
          deps.log.error({ err: error, orderId: orderLines[0]!.orderId }, 'review e-mail failed')
        }
      }
      if (sent > 0) deps.mail.deliverCommitted()
      return { sent }
    },
  }
}
export type ReviewRequests = ReturnType<typeof createReviewRequests>

/** One order's e-mail: a link for each item not reviewed yet, the order marked in the mail's transaction. */
async function mailOrder(deps: ReviewRequestsDeps, lines: ReceivedLine[], now: Date): Promise<boolean> {
  const { links, unitOfWork } = deps
  const first = lines[0]!
  const reviewed = await deps.reviews.findOfBuyer(buyerKeyOf(first))
  const open = lines.filter(
    (line, index) =>
      !reviewed.some((r) => r.itemType === line.itemType && r.itemId === line.itemId) &&
      lines.findIndex((other) => other.itemId === line.itemId && other.itemType === line.itemType) === index,
  )
  const key = await deps.signingKey()
  const made = open.map((line) => {
    const secret = newLinkSecret()
    const link: NewReviewLink = {
      id: crypto.randomUUID(),
      orderId: line.orderId,
      itemId: line.itemId,
      itemType: line.itemType,
      secretHash: hashLinkSecret(secret),
      expiresAt: new Date(now.getTime() + REVIEW_LINK_VALID_DAYS * DAY_MS),
    }
    const token = signLinkToken(key, { id: link.id, secret })
    return { link, name: line.name, url: `${deps.publicUrl}/review#${token}` }
  })
  return unitOfWork.run(async (tx) => {
    if (!(await links.claimRequest(tx, first.orderId))) return false
    // Every item reviewed already (from /account): the order is marked, nothing is sent.
    if (made.length === 0) return false
    await links.insertLinks(
      tx,
      made.map((m) => m.link),
    )
    await deps.mail.enqueueReviewRequest(
      {
        orderId: first.orderId,
        number: first.orderNumber,
        customerName: first.firstName,
        email: first.email,
        items: made.map(({ name, url }) => ({ name, url })),
        validFor: `${REVIEW_LINK_VALID_DAYS} ימים`,
      },
      tx,
    )
    return true
  })
}
