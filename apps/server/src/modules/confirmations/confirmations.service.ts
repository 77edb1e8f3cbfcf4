import {
  CONFIRMATION_VALID_HOURS,
  type ConfirmationPreview,
  type ConfirmationPurpose,
  type ConfirmationResult,
} from '@tavlin/contracts'
import { AppError } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import { mailboxOf } from '../../lib/mailbox.js'
import type { ConfirmationMailView } from '../mail/index.js'
import type { ConfirmationRow, ConfirmationsRepository } from './confirmations.repository.js'
import {
  hashLinkSecret,
  isStoredSecret,
  newLinkSecret,
  signLinkToken,
  verifyLinkToken,
} from './link-token.js'

/**
 * At most this many confirmation mails reach one mailbox (aliases counted together) in
 * a day, whoever asks and from wherever: the forms cannot flood anyone's inbox (decision 237).
 */
export const CONFIRMATIONS_PER_MAILBOX_PER_DAY = 5
const DAY_SECONDS = 24 * 60 * 60
/** Used and expired confirmations are kept this long after they ran out, so a late click still hears why. */
const KEPT_AFTER_EXPIRY_DAYS = 30

/** What another module asks to have confirmed. `payload` is what it needs back on confirmation. */
export type ConfirmationRequest = {
  purpose: ConfirmationPurpose
  email: string
  payload?: Record<string, unknown>
  /** The sender's client address, kept as proof of the request. */
  clientAddress: string | null
  /** TV-1234 for a cancellation: the mail and the page name the order. */
  orderNumber?: string
  /** A stock alert's product and size: the mail and the page name them. */
  itemLabel?: string
}

/** A confirmation as its purpose's handler gets it: both steps' times and addresses. */
export type ConfirmedRequest = {
  id: string
  purpose: ConfirmationPurpose
  email: string
  payload: Record<string, unknown>
  requestedAt: Date
  requestAddress: string | null
  confirmedAt: Date
  confirmAddress: string | null
}

/** The port other modules get: ask for a confirmation (the mail goes out, or the mailbox's limit is reached). */
export type RequestConfirmation = (request: ConfirmationRequest) => Promise<void>

/** What each purpose does once confirmed; idempotent per confirmation id (two clicks at once run it twice). */
export type ConfirmationHandlers = Record<
  ConfirmationPurpose,
  (confirmed: ConfirmedRequest) => Promise<{ orderNumber?: string | null } | void>
>

type LinkDeps = {
  repository: ConfirmationsRepository
  mail: { enqueueConfirmationLink(id: string, view: ConfirmationMailView): Promise<void> }
  publicUrl: string
  /** LINK_SECRET; undefined: the key kept in the database. */
  linkSecret: string | undefined
  log: Logger
}

const linkError = (code: 'LINK_INVALID' | 'LINK_EXPIRED' | 'LINK_USED') =>
  new AppError(code, `Confirmation link: ${code}`)

function validFor(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? 'יממה אחת' : `${hours / 24} ימים`
  return `${hours} שעות`
}

/** Issuing, signing and opening the links (decision 237); no module's rules. */
export function createConfirmationLinks(deps: LinkDeps) {
  const { repository } = deps
  let key: Promise<string> | undefined
  // Read once, when the first link is made or opened, not at start (decision 165).
  const signingKey = () => {
    key ??= deps.linkSecret ? Promise.resolve(deps.linkSecret) : repository.signingKey()
    return key
  }

  return {
    /** The links' HMAC key (LINK_SECRET or the stored one): reviews and cart reminders sign theirs with it (281, 282). */
    signingKey,
    /** Sends the link, unless the mailbox had its day's share: then nothing, and the caller's answer is the same. */
    async request(input: ConfirmationRequest, now = new Date()): Promise<void> {
      const email = input.email.trim().toLowerCase()
      const secret = newLinkSecret()
      const hours = CONFIRMATION_VALID_HOURS[input.purpose]
      const row = await repository.insertWithinLimit(
        {
          purpose: input.purpose,
          email,
          mailbox: mailboxOf(email),
          payload: {
            ...input.payload,
            ...(input.orderNumber ? { orderNumber: input.orderNumber } : {}),
            ...(input.itemLabel ? { itemLabel: input.itemLabel } : {}),
          },
          secretHash: hashLinkSecret(secret),
          requestAddress: input.clientAddress,
          expiresAt: new Date(now.getTime() + hours * 3_600_000),
        },
        CONFIRMATIONS_PER_MAILBOX_PER_DAY,
        DAY_SECONDS,
      )
      if (!row) {
        // Logged without the address: the log is no list of who was targeted.
        deps.log.info({ purpose: input.purpose }, 'confirmation: mailbox reached its daily limit; no mail')
        return
      }
      const token = signLinkToken(await signingKey(), { id: row.id, secret })
      await deps.mail.enqueueConfirmationLink(row.id, {
        purpose: input.purpose,
        email,
        // The token rides in the fragment: browsers never send it to a server, so no access
        // log, proxy or Referer header holds it.
        url: `${deps.publicUrl}/confirm#${token}`,
        validFor: validFor(hours),
        orderNumber: input.orderNumber ?? null,
        itemLabel: input.itemLabel ?? null,
      })
    },

    /** The usable confirmation a token names, or the precise reason it is not usable. */
    async open(token: string, now = new Date()): Promise<ConfirmationRow> {
      const parts = verifyLinkToken(await signingKey(), token.trim())
      if (!parts) throw linkError('LINK_INVALID')
      const row = await repository.findById(parts.id)
      if (!row || !isStoredSecret(parts.secret, row.secretHash)) throw linkError('LINK_INVALID')
      if (row.confirmedAt) throw linkError('LINK_USED')
      if (row.expiresAt.getTime() <= now.getTime()) throw linkError('LINK_EXPIRED')
      return row
    },

    markConfirmed: (id: string, at: Date, address: string | null) =>
      repository.markConfirmed(id, at, address),

    /** The periodic clean-up: what ran out a month ago goes (the proof lives on where it was filed). */
    purge: (now = new Date()) =>
      repository.purgeExpiredBefore(new Date(now.getTime() - KEPT_AFTER_EXPIRY_DAYS * DAY_SECONDS * 1000)),
  }
}
export type ConfirmationLinks = ReturnType<typeof createConfirmationLinks>

const orderNumberOf = (row: ConfirmationRow): string | null =>
  typeof row.payload.orderNumber === 'string' ? row.payload.orderNumber : null
const itemLabelOf = (row: ConfirmationRow): string | null =>
  typeof row.payload.itemLabel === 'string' ? row.payload.itemLabel : null

/** The confirm page's two calls: what a link is for, and confirming it. */
export function createConfirmationsService(deps: {
  links: ConfirmationLinks
  handlers: ConfirmationHandlers
}) {
  const { links, handlers } = deps
  return {
    async preview(token: string, now = new Date()): Promise<ConfirmationPreview> {
      const row = await links.open(token, now)
      return {
        purpose: row.purpose,
        email: row.email,
        orderNumber: orderNumberOf(row),
        itemLabel: itemLabelOf(row),
        expiresAt: row.expiresAt.toISOString(),
      }
    },

    /**
     * Runs the purpose's handler, then marks the link used. In this order a failure leaves the
     * link usable for another try; handlers are idempotent per confirmation, so two clicks at
     * once file one request.
     */
    async confirm(
      token: string,
      clientAddress: string | null,
      now = new Date(),
    ): Promise<ConfirmationResult> {
      const row = await links.open(token, now)
      const outcome = await handlers[row.purpose]({
        id: row.id,
        purpose: row.purpose,
        email: row.email,
        payload: row.payload,
        requestedAt: row.requestedAt,
        requestAddress: row.requestAddress,
        confirmedAt: now,
        confirmAddress: clientAddress,
      })
      await links.markConfirmed(row.id, now, clientAddress)
      return { purpose: row.purpose, orderNumber: outcome?.orderNumber ?? orderNumberOf(row) }
    },
  }
}
export type ConfirmationsService = ReturnType<typeof createConfirmationsService>
