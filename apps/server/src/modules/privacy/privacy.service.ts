import { randomBytes } from 'node:crypto'
import {
  MARKETING_CONSENT_WORDING,
  totalPages,
  type BusinessDetails,
  type DeletionRequest,
  type DeletionRequestForm,
  type ErasureResult,
  type FormSubmissionListQuery,
  type Paged,
} from '@tavlin/contracts'
import type { Transaction } from '../../db/unit-of-work.js'
import { toCsv } from '../../lib/csv.js'
import { AppError, notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { ConfirmedRequest, RequestConfirmation } from '../confirmations/index.js'
import { renderMarketingMail, type MarketingMessage } from './marketing-mail.js'
import type { PrivacyRepository } from './privacy.repository.js'

/** Where the person agreed: one of the forms, or their account's page (decision 230). */
export type ConsentSource = 'newsletter' | 'early-adapter' | 'account'
export type FormConsentSource = Exclude<ConsentSource, 'account'>

export type PrivacyServiceOptions = {
  repository: PrivacyRepository
  audit: AuditService
  businessDetails: () => Promise<BusinessDetails>
  publicUrl: string
  /** Sends the mailbox its confirmation link (the confirmations module, decision 237). */
  requestConfirmation: RequestConfirmation
}

const israelTime = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(date)

/** Marketing consent, unsubscribing, and erasing a person's data on request (issues 18, 33). */
export function createPrivacyService(options: PrivacyServiceOptions) {
  return {
    ...accountPrivacy(options.repository),
    ...mailingList(options),
    ...deletionRequests(options),
  }
}
export type PrivacyService = ReturnType<typeof createPrivacyService>

type ConsentProof = {
  consentedAt: Date
  requestedAt: Date | null
  requestAddress: string | null
  consentAddress: string | null
}

/** The mailing list: double opt-in from the forms, the shopper's own page, unsubscribing, the export. */
function mailingList({ repository, businessDetails, publicUrl, requestConfirmation }: PrivacyServiceOptions) {
  const unsubscribeUrl = (token: string) => new URL(`/unsubscribe?token=${token}`, publicUrl).toString()
  const grant = (email: string, source: ConsentSource, proof: ConsentProof) =>
    repository.grant({
      email: email.toLowerCase(),
      source,
      wording: MARKETING_CONSENT_WORDING,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      ...proof,
    })
  return {
    /**
     * A signed-in shopper's own page (decision 230): the identity provider confirmed the
     * address already, so the consent is stored at once with its time and wording.
     */
    async grantMarketing(email: string, source: 'account'): Promise<void> {
      const now = new Date()
      await grant(email, source, {
        consentedAt: now,
        requestedAt: null,
        requestAddress: null,
        consentAddress: null,
      })
    },

    /**
     * A ticked box on a form (double opt-in, decision 237): nothing is recorded yet; the
     * address gets a link, and only its confirmation records the consent. An address already
     * on the list gets no mail (the form's answer is the same).
     */
    async requestMarketing(
      email: string,
      source: FormConsentSource,
      clientAddress: string | null,
    ): Promise<void> {
      const consent = await repository.findConsent(email.toLowerCase())
      if (consent && !consent.withdrawnAt) return
      await requestConfirmation({ purpose: source, email, clientAddress })
    },

    /** The confirmation's handler: the consent and its wording, with both steps' times and addresses. */
    async confirmMarketing(confirmed: ConfirmedRequest): Promise<void> {
      const source: FormConsentSource = confirmed.purpose === 'early-adapter' ? 'early-adapter' : 'newsletter'
      await grant(confirmed.email, source, {
        consentedAt: confirmed.confirmedAt,
        requestedAt: confirmed.requestedAt,
        requestAddress: confirmed.requestAddress,
        consentAddress: confirmed.confirmAddress,
      })
    },

    async consentOf(email: string) {
      return repository.findConsent(email.toLowerCase())
    },

    /** True when the token belonged to a consent (now withdrawn, if it was not already). */
    async unsubscribe(token: string): Promise<boolean> {
      return (await repository.withdraw(token)) !== undefined
    },

    /** A marketing message for one address on the list, ready for the outbox; null when it is not on it. */
    async marketingMailFor(email: string, message: MarketingMessage) {
      const consent = await repository.findConsent(email.toLowerCase())
      if (!consent || consent.withdrawnAt) return null
      return renderMarketingMail(message, await businessDetails(), unsubscribeUrl(consent.unsubscribeToken))
    },

    /** Who agreed, to what, and the proof of both steps (decision 237). */
    async exportConsentsCsv(now = new Date()): Promise<{ fileName: string; csv: string }> {
      const rows = await repository.activeConsents()
      return {
        fileName: `marketing-consents-${now.toISOString().slice(0, 10)}.csv`,
        csv: toCsv(
          [
            'אימייל',
            'מקור',
            'מועד הבקשה',
            'כתובת IP בבקשה',
            'מועד ההסכמה (האישור)',
            'כתובת IP באישור',
            'נוסח ההסכמה',
          ],
          rows.map((row) => [
            row.email,
            row.source,
            row.requestedAt ? israelTime(row.requestedAt) : '',
            row.requestAddress ?? '',
            israelTime(row.consentedAt),
            row.consentAddress ?? '',
            row.wording,
          ]),
        ),
      }
    },
  }
}

/** Requests to erase a person's data: confirmed by the address's owner, then erased by the admin. */
function deletionRequests({ repository, audit, requestConfirmation }: PrivacyServiceOptions) {
  return {
    /**
     * Files nothing yet (decision 237): the address gets a link, and the request reaches the
     * admin only when its owner confirms it. The answer is the same either way.
     */
    async requestDeletion(form: DeletionRequestForm, clientAddress: string | null): Promise<void> {
      if (form.website) return
      await requestConfirmation({
        purpose: 'deletion',
        email: form.email,
        payload: { message: form.message || null },
        clientAddress,
      })
    },

    /** The confirmation's handler: the request, now for the admin, with both steps' proof. */
    async fileDeletionRequest(confirmed: ConfirmedRequest): Promise<void> {
      const message = confirmed.payload.message
      await repository.insertDeletionRequest({
        email: confirmed.email,
        message: typeof message === 'string' ? message : null,
        confirmationId: confirmed.id,
        requestedAt: confirmed.requestedAt,
        requestAddress: confirmed.requestAddress,
        confirmedAt: confirmed.confirmedAt,
        confirmAddress: confirmed.confirmAddress,
      })
    },

    async listDeletionRequests(query: FormSubmissionListQuery): Promise<Paged<DeletionRequest>> {
      const { rows, total } = await repository.deletionRequests({
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      })
      return {
        items: rows.map((row) => ({
          _id: row.id,
          email: row.email,
          message: row.message,
          requestedAt: row.requestedAt?.toISOString() ?? null,
          confirmedAt: row.confirmedAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
          erasedAt: row.erasedAt?.toISOString() ?? null,
        })),
        currentPage: query.page,
        totalPages: totalPages(total, query.limit),
        totalItems: total,
      }
    },

    async erase(requestId: string, actor?: Actor): Promise<ErasureResult> {
      const request = await repository.findDeletionRequest(requestId)
      if (!request) throw notFound('Deletion request')
      // Only from before decision 237: anyone could have typed the address.
      if (!request.confirmedAt)
        throw new AppError('CONFLICT', "This request was not confirmed from its address's mailbox")
      const result = await repository.erase(request.id, request.email)
      // The log names the request, not the address that was erased.
      await audit.record(actor, {
        action: 'delete',
        entityType: 'personal-data',
        entityId: request.id,
        summary: `${result.submissionsErased} submissions erased, ${result.ordersMasked} orders masked`,
      })
      return result
    },
  }
}

/** What a shopper's own page does with their consent and data (decision 230). */
function accountPrivacy(repository: PrivacyRepository) {
  return {
    /** Whether the address is on the mailing list now (agreed, and not withdrawn since). */
    async hasMarketingConsent(email: string): Promise<boolean> {
      const consent = await repository.findConsent(email.toLowerCase())
      return consent !== undefined && consent.withdrawnAt === null
    },

    /** Takes the address off the mailing list, as its unsubscribe link would; the row stays as proof. */
    async withdrawMarketing(email: string, tx?: Transaction): Promise<boolean> {
      return repository.withdrawByEmail(email.toLowerCase(), tx)
    },

    /**
     * A shopper deleted their account (decision 230), in the caller's transaction: their
     * orders' personal fields masked by decision 201's rule (open orders once they close,
     * decision 254), and their consent withdrawn.
     * Only a confirmed e-mail reaches guest orders and the consent: anyone may type any address.
     */
    async eraseAccount(tx: Transaction, who: { subject: string; confirmedEmail: string | null }) {
      const email = who.confirmedEmail?.toLowerCase() ?? null
      const { masked, kept } = await repository.eraseAccountOrders(tx, {
        subject: who.subject,
        confirmedEmail: email,
      })
      if (email) await repository.withdrawByEmail(email, tx)
      await repository.deleteStockAlerts(tx, { subject: who.subject, confirmedEmail: email })
      await repository.eraseAccountReviews(tx, { subject: who.subject, confirmedEmail: email })
      return { ordersMasked: masked.length, ordersKept: kept }
    },
  }
}
