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
import { notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/index.js'
import { renderMarketingMail, type MarketingMessage } from './marketing-mail.js'
import type { PrivacyRepository } from './privacy.repository.js'

/** Where the person agreed: one of the forms, or their account's page (decision 230). */
export type ConsentSource = 'newsletter' | 'early-adapter' | 'account'

export type PrivacyServiceOptions = {
  repository: PrivacyRepository
  audit: AuditService
  businessDetails: () => Promise<BusinessDetails>
  publicUrl: string
}

const israelTime = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(date)

/** Marketing consent, unsubscribing, and erasing a person's data on request (issue 18). */
export function createPrivacyService({
  repository,
  audit,
  businessDetails,
  publicUrl,
}: PrivacyServiceOptions) {
  const unsubscribeUrl = (token: string) => new URL(`/unsubscribe?token=${token}`, publicUrl).toString()
  return {
    ...accountPrivacy(repository),

    /** Stores the consent with its time and wording; the person is then on the mailing list. */
    async grantMarketing(email: string, source: ConsentSource): Promise<void> {
      await repository.grant({
        email: email.toLowerCase(),
        source,
        wording: MARKETING_CONSENT_WORDING,
        unsubscribeToken: randomBytes(24).toString('base64url'),
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

    async exportConsentsCsv(now = new Date()): Promise<{ fileName: string; csv: string }> {
      const rows = await repository.activeConsents()
      return {
        fileName: `marketing-consents-${now.toISOString().slice(0, 10)}.csv`,
        csv: toCsv(
          ['אימייל', 'מקור', 'מועד ההסכמה', 'נוסח ההסכמה'],
          rows.map((row) => [row.email, row.source, israelTime(row.consentedAt), row.wording]),
        ),
      }
    },

    async requestDeletion(form: DeletionRequestForm): Promise<void> {
      if (form.website) return
      await repository.insertDeletionRequest({
        email: form.email.toLowerCase(),
        message: form.message || null,
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
export type PrivacyService = ReturnType<typeof createPrivacyService>

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
     * orders' personal fields masked by decision 201's rule, and their consent withdrawn.
     * Only a confirmed e-mail reaches guest orders and the consent: anyone may type any address.
     */
    async eraseAccount(tx: Transaction, who: { subject: string; confirmedEmail: string | null }) {
      const email = who.confirmedEmail?.toLowerCase() ?? null
      const masked = await repository.maskAccountOrders(tx, { subject: who.subject, confirmedEmail: email })
      if (email) await repository.withdrawByEmail(email, tx)
      return { ordersMasked: masked.length }
    },
  }
}
