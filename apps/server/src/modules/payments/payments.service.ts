import crypto from 'node:crypto'
import { AppError } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { CallbackNotice, PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'

/** What the order side did with a verified callback; stored beside it. */
export type CallbackOutcome = 'paid' | 'failed' | 'review' | 'unchanged' | 'unknown-order'

export function createPaymentsService(deps: {
  provider: PaymentProvider
  repository: PaymentsRepository
  /** The orders service confirms the transaction with the provider and applies it. */
  onVerifiedCallback: (notice: CallbackNotice) => Promise<CallbackOutcome>
  log: Logger
}) {
  return {
    async receiveCallback(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ outcome: CallbackOutcome | 'duplicate' }> {
      const verification = deps.provider.verifyCallback(rawBody, headers)
      if (!verification.ok) {
        deps.log.warn(
          {
            provider: deps.provider.name,
            reason: verification.reason,
            userAgent: headers['user-agent'],
            bytes: rawBody.length,
          },
          'payment callback rejected',
        )
        if (verification.reason === 'malformed') throw new AppError('VALIDATION_ERROR', 'Malformed callback')
        throw new AppError('UNAUTHORIZED', 'Invalid callback signature')
      }
      const { notice } = verification
      const stored = await deps.repository.storeCallback({
        provider: deps.provider.name,
        bodySha256: crypto.createHash('sha256').update(rawBody).digest('hex'),
        transactionUid: notice.transactionUid,
        orderId: notice.orderId,
        statusCode: notice.statusCode,
        body: rawBody.toString('utf8'),
      })
      // A delivery already acted on changes nothing; one whose processing failed is processed again.
      if (stored.processedAt) return { outcome: 'duplicate' }
      const outcome = await deps.onVerifiedCallback(notice)
      await deps.repository.markProcessed(stored.id, outcome)
      // Not the transaction's id: with the order's it opens the thank-you page (issue 33).
      deps.log.info({ orderId: notice.orderId, outcome }, 'payment callback processed')
      return { outcome }
    },
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
