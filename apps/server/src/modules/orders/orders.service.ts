import crypto from 'node:crypto'
import {
  canTransition,
  priceOrder,
  formatReviewReason,
  statusChangeSummary,
  toAgorot,
  toShekels,
  type AdminOrder,
  type AdminOrderListQuery,
  type GenerateSaleRequest,
  type GenerateSaleResponse,
  type OrderStatus,
  type OrderStatusResponse,
  type Paged,
  type PriceChangedDetails,
  type ThankYou,
} from '@tavlin/contracts'
import type { AppConfig } from '../../config/env.js'
import type { Database } from '../../db/client.js'
import { runExclusive } from '../../db/job-runs.js'
import { AppError, notFound } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { Actor, AuditService } from '../audit/audit.service.js'
import type { MailService } from '../mail/mail.service.js'
import {
  PaymentProviderError,
  type CallbackNotice,
  type PaymentProvider,
  type ProviderTransaction,
} from '../payments/payment-provider.js'
import type { CallbackOutcome } from '../payments/payments.service.js'
import type { CatalogPrices } from '../catalog/catalog-prices.js'
import { formatOrderNumber, toAdminOrder, toMailView, toThankYou } from './orders.mapper.js'
import type { OrderRow, OrderWithItems, OrdersRepository } from './orders.repository.js'

/** The client may show a total at most this far (in agorot) from ours: 0.01 ₪. */
const TOTAL_TOLERANCE_AGOROT = 1
/** A verified payment is recorded even on an order that had given up waiting: the money was taken. */
const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending_payment', 'failed', 'cancelled']
/** The pending page polls; the provider is asked about one order at most this often. */
const PROVIDER_CHECK_INTERVAL_MS = 10_000
/** Callbacks get this long before reconciliation asks the provider itself. */
const RECONCILE_GRACE_MS = 60_000
const IDEMPOTENT_WAIT_MS = 5_000

export function createOrdersService(deps: {
  repository: OrdersRepository
  prices: CatalogPrices
  provider: PaymentProvider
  mail: MailService
  audit: AuditService
  config: AppConfig
  log: Logger
}) {
  const { repository, config, provider, log } = deps
  const pageClaimSeconds = config.paymentPageClaimSeconds

  async function priceLines(request: GenerateSaleRequest) {
    const found = await deps.prices.findPrices(request.orderItems)
    const details = found.flatMap((price, index) =>
      'missing' in price
        ? [
            {
              field: price.missing === 'item' ? `orderItems.${index}.itemId` : `orderItems.${index}.size`,
              message: price.missing === 'item' ? 'validation.itemNotFound' : 'validation.sizeNotFound',
            },
          ]
        : [],
    )
    if (details.length > 0)
      throw new AppError('VALIDATION_ERROR', 'Unknown item or size in the order', details)
    return found.map((price, index) => {
      const line = request.orderItems[index]!
      const priced = price as Exclude<typeof price, { missing: unknown }>
      return { ...priced, quantity: line.quantity }
    })
  }

  /**
   * A repeated Idempotency-Key: the stored outcome, or the unfinished work of a request
   * that died between saving the order and storing its payment page (decision 120).
   */
  async function replay(existing: OrderRow, requestHash: string): Promise<GenerateSaleResponse> {
    if (existing.requestHash !== requestHash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was used for a different order')
    }
    let order = existing
    const deadline = Date.now() + IDEMPOTENT_WAIT_MS
    for (;;) {
      if (order.paymentLink) return saleResponse(order)
      // Failed at the provider, or cancelled by recovery before any page existed.
      if (order.status !== 'pending_payment') throw providerError()
      // Nobody holds the claim any more: the request that did died, so this one takes over.
      const claimed = await repository.claimPaymentPage(order.id, pageClaimSeconds)
      if (claimed) return openPageForRequest(claimed)
      // The first request may still be talking to the provider.
      if (Date.now() >= deadline) break
      await new Promise((resolve) => setTimeout(resolve, 100))
      order = (await repository.findById(order.id)) ?? order
    }
    throw orderInProgress(order)
  }

  /** Retry when the current claimant's time is up at the latest, so a retry can take over. */
  function orderInProgress(order: OrderRow): AppError {
    const left = order.pageClaimedUntil ? order.pageClaimedUntil.getTime() - Date.now() : 0
    const retryAfterSeconds = Math.min(Math.max(Math.ceil(left / 1000), 1), pageClaimSeconds)
    return new AppError(
      'ORDER_IN_PROGRESS',
      'The order for this Idempotency-Key is still being created; retry with the same key',
      { retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    )
  }

  /**
   * Asks the provider for the order's payment page and stores it; the caller holds the
   * order's page claim. Built from the stored order and its line snapshots, so a retry or
   * the recovery job asks for exactly what the first request would have.
   */
  async function openPaymentPage(order: OrderWithItems): Promise<OrderRow | null> {
    const { customer } = order
    const page = await provider.createPaymentPage({
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      items: order.items.map((line) => ({
        name: line.itemType === 'Product' ? `${line.name} (${line.size})` : line.name,
        quantity: line.quantity,
        unitPriceAgorot: line.unitPriceAgorot,
      })),
      shippingAgorot: order.shippingAgorot,
      customer: {
        name: `${customer.firstName} ${customer.lastName}`,
        email: customer.email,
        phone: customer.phone,
        address: `${customer.address.street} ${customer.address.streetNum}`,
        city: customer.address.city,
        postalCode: customer.address.postal_code,
      },
      urls: {
        success: `${config.publicUrl}/thank-you`,
        failure: `${config.publicUrl}/checkout/payment-pending?order=${order.id}&failed=1`,
        callback: `${config.publicUrl}/api/payments/payplus/callback`,
      },
      expiryMinutes: config.orderPaymentTimeoutMinutes,
    })
    // A slower claimant may have stored a page first: everyone hands out the stored one.
    return repository.setPaymentPage(order.id, page)
  }

  /** A checkout request's payment page: a provider failure fails the order (decision 051). */
  async function openPageForRequest(order: OrderWithItems): Promise<GenerateSaleResponse> {
    let stored: OrderRow | null
    try {
      stored = await openPaymentPage(order)
    } catch (error) {
      const failed = await repository.giveUpWithoutPage(
        order.id,
        'failed',
        `payment page: ${(error as Error).message}`.slice(0, 500),
      )
      if (!failed) {
        // A retry took over while this request waited, and stored a page: that one is the answer.
        const current = await repository.findById(order.id)
        if (current?.paymentLink) return saleResponse(current)
      }
      log.error({ err: error, orderId: order.id }, 'payment provider could not create a payment page')
      if (error instanceof PaymentProviderError) throw providerError()
      throw error
    }
    if (stored?.paymentLink) return saleResponse(stored)
    throw providerError()
  }

  /**
   * Orders a dead request left without a payment page: completed while a customer can
   * still pay (their retry then gets the link at once), cancelled past the payment timeout.
   */
  async function recoverPaymentPages(expiredBefore: number) {
    const outcome = { completed: 0, cancelled: 0, errors: 0 }
    for (const order of await repository.findWithoutPaymentPage(50)) {
      if (order.createdAt.getTime() < expiredBefore) {
        const cancelled = await repository.giveUpWithoutPage(
          order.id,
          'cancelled',
          'payment timeout: no page',
        )
        if (cancelled) outcome.cancelled += 1
        continue
      }
      const claimed = await repository.claimPaymentPage(order.id, pageClaimSeconds)
      if (!claimed) continue
      try {
        if ((await openPaymentPage(claimed))?.paymentLink) outcome.completed += 1
      } catch (error) {
        // Not failed: nobody is waiting for an answer. The claim runs out and the next run tries again.
        outcome.errors += 1
        log.warn({ err: error, orderId: order.id }, 'reconcile: payment page could not be created')
      }
    }
    return outcome
  }

  function saleResponse(order: OrderRow): GenerateSaleResponse {
    return {
      paymentLink: order.paymentLink!,
      order: {
        _id: order.id,
        number: formatOrderNumber(order.number),
        totalPrice: toShekels(order.totalAgorot),
        statusToken: order.statusToken,
      },
    }
  }

  /**
   * Applies what the provider itself says about a transaction. Never called
   * with what a browser or an unverified callback claims.
   */
  async function applyTransaction(
    order: OrderRow,
    transaction: ProviderTransaction,
  ): Promise<CallbackOutcome> {
    if (transaction.orderId !== order.id) {
      await repository.flagForReview(
        order.id,
        formatReviewReason({
          code: 'otherOrder',
          transaction: transaction.transactionUid,
          order: transaction.orderId ?? '',
        }),
      )
      log.warn(
        { orderId: order.id, transactionUid: transaction.transactionUid },
        'payment: transaction of another order',
      )
      return 'review'
    }
    if (!transaction.approved) {
      // A late failure cannot undo a payment: only an unpaid order can fail.
      const failed = await repository.transition(order.id, ['pending_payment'], 'failed', {
        failureReason: `declined: status_code ${transaction.statusCode}`,
      })
      return failed ? 'failed' : 'unchanged'
    }
    if (transaction.amountAgorot !== order.totalAgorot || transaction.currency !== order.currency) {
      await repository.flagForReview(
        order.id,
        formatReviewReason({
          code: 'amountMismatch',
          paid: `${toShekels(transaction.amountAgorot)} ${transaction.currency}`,
          expected: `${toShekels(order.totalAgorot)} ${order.currency}`,
        }),
      )
      log.warn(
        { orderId: order.id, transactionUid: transaction.transactionUid },
        'payment: amount or currency differs',
      )
      return 'review'
    }
    if (order.transactionUid === transaction.transactionUid) return 'unchanged'
    if (order.transactionUid && order.transactionUid !== transaction.transactionUid) {
      await repository.flagForReview(
        order.id,
        formatReviewReason({ code: 'secondTransaction', transaction: transaction.transactionUid }),
      )
      return 'review'
    }
    // Read before the transaction: embedded PGlite serialises everything behind an open one.
    const items = (await repository.findById(order.id))?.items ?? []
    const paid = await repository.db.transaction(async (tx) => {
      const row = await repository.markPaid(
        order.id,
        PAYABLE_STATUSES,
        { transactionUid: transaction.transactionUid, details: transaction.card },
        tx as unknown as Database,
      )
      if (!row) return null
      await deps.mail.enqueueOrderPaid(
        toMailView({ ...row, items }, config.deliveryDays),
        tx as unknown as Database,
      )
      return row
    })
    if (!paid) return 'unchanged'
    log.info({ orderId: order.id, transactionUid: transaction.transactionUid }, 'order paid')
    return 'paid'
  }

  async function checkWithProvider(
    order: OrderRow,
    ref: { transactionUid?: string },
  ): Promise<CallbackOutcome | null> {
    const transactionUid = ref.transactionUid
    if (!transactionUid && !order.pageRequestUid) return null
    await repository.touchProviderCheck(order.id)
    const transaction = await provider.lookUpTransaction(
      transactionUid ? { transactionUid } : { pageRequestUid: order.pageRequestUid! },
    )
    if (!transaction) return null
    return applyTransaction(order, transaction)
  }

  return {
    async generateSale(
      request: GenerateSaleRequest,
      idempotencyKey: string | undefined,
    ): Promise<GenerateSaleResponse> {
      const requestHash = crypto.createHash('sha256').update(JSON.stringify(request)).digest('hex')
      if (idempotencyKey) {
        const existing = await repository.findByIdempotencyKey(idempotencyKey)
        if (existing) return replay(existing, requestHash)
      }

      const lines = await priceLines(request)
      const { subtotalAgorot, shippingAgorot, vatAgorot, totalAgorot } = priceOrder({
        lines,
        shippingAgorot: config.shippingFeeAgorot,
        vatRate: config.vatRate,
      })
      if (Math.abs(toAgorot(request.totalPrice) - totalAgorot) > TOTAL_TOLERANCE_AGOROT) {
        const details: PriceChangedDetails = {
          orderItems: lines.map((line) => ({
            itemId: line.itemId,
            itemType: line.itemType,
            size: line.size,
            price: toShekels(line.unitPriceAgorot),
          })),
          subtotal: toShekels(subtotalAgorot),
          shippingFee: toShekels(shippingAgorot),
          totalPrice: toShekels(totalAgorot),
        }
        throw new AppError('PRICE_CHANGED', 'Prices have changed', details)
      }

      // Prices are copied onto order lines: a later catalogue edit must not change what the customer was charged.
      const inserted = await repository.insertWithItems(
        {
          status: 'pending_payment',
          statusToken: crypto.randomBytes(24).toString('base64url'),
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          customer: request.customer,
          subtotalAgorot,
          shippingAgorot,
          vatAgorot,
          vatRate: String(config.vatRate),
          totalAgorot,
          paymentProvider: provider.name,
        },
        lines.map((line, position) => ({
          position,
          itemId: line.itemId,
          itemType: line.itemType,
          name: line.name,
          size: line.size,
          unitPriceAgorot: line.unitPriceAgorot,
          quantity: line.quantity,
        })),
        pageClaimSeconds,
      )
      if (!inserted) {
        // A concurrent request with the same key won the insert.
        const existing = await repository.findByIdempotencyKey(idempotencyKey!)
        if (!existing) throw new AppError('CONFLICT', 'Order could not be created')
        return replay(existing, requestHash)
      }

      return openPageForRequest(inserted)
    },

    async getStatus(id: string, token: string): Promise<OrderStatusResponse> {
      let order = await repository.findById(id)
      if (!order || !safeEqual(order.statusToken, token)) throw notFound('Order')
      const checkedRecently =
        order.providerCheckedAt && Date.now() - order.providerCheckedAt.getTime() < PROVIDER_CHECK_INTERVAL_MS
      // Covers a lost callback and an empty success redirect: ask the provider by the page we stored.
      if (
        order.status === 'pending_payment' &&
        order.pageRequestUid &&
        !order.needsReview &&
        !checkedRecently
      ) {
        try {
          if (await checkWithProvider(order, {})) order = (await repository.findById(id)) ?? order
        } catch (error) {
          log.warn({ err: error, orderId: id }, 'status: provider look-up failed')
        }
      }
      return { _id: order.id, orderStatus: order.status as OrderStatus }
    },

    async getThankYou(orderId: string, transactionUid: string): Promise<ThankYou> {
      const order = await repository.findById(orderId)
      if (!order) throw notFound('Order')
      if (order.transactionUid === transactionUid) return toThankYou(order)
      if (order.transactionUid) throw notFound('Order')
      // The callback has not arrived (or was lost): the provider is asked directly.
      let transaction: ProviderTransaction | null
      try {
        transaction = await provider.lookUpTransaction({ transactionUid })
      } catch (error) {
        if (error instanceof PaymentProviderError) throw providerError()
        throw error
      }
      if (!transaction || transaction.orderId !== order.id) throw notFound('Order')
      await applyTransaction(order, transaction)
      const updated = (await repository.findById(orderId))!
      if (updated.transactionUid !== transactionUid && transaction.approved) throw notFound('Order')
      return toThankYou(updated)
    },

    /** A verified callback: confirmed with the provider's look-up before it changes anything. */
    async handlePaymentCallback(notice: CallbackNotice): Promise<CallbackOutcome> {
      const order =
        (notice.orderId && isUuid(notice.orderId) ? await repository.findById(notice.orderId) : null) ??
        (notice.pageRequestUid ? await repository.findByPageRequestUid(notice.pageRequestUid) : null)
      if (!order) {
        log.warn(
          { transactionUid: notice.transactionUid, orderId: notice.orderId },
          'payment callback for an unknown order',
        )
        return 'unknown-order'
      }
      let transaction: ProviderTransaction | null
      try {
        transaction = await provider.lookUpTransaction({ transactionUid: notice.transactionUid })
      } catch (error) {
        // Not processed: the same callback delivered again, or reconciliation, will do it.
        if (error instanceof PaymentProviderError) throw providerError()
        throw error
      }
      if (!transaction) {
        await repository.flagForReview(
          order.id,
          formatReviewReason({ code: 'unknownTransaction', transaction: notice.transactionUid }),
        )
        return 'review'
      }
      return applyTransaction(order, transaction)
    },

    /**
     * Asks the provider about unpaid orders (a lost callback never leaves a paid
     * order unpaid), then cancels those unpaid past the timeout.
     */
    async reconcile(now = new Date()) {
      return runExclusive(
        repository.db,
        'reconcile-payments',
        { holder: `${process.pid}`, leaseSeconds: 300 },
        async () => {
          const expiredBefore = now.getTime() - config.orderPaymentTimeoutMinutes * 60_000
          const pages = await recoverPaymentPages(expiredBefore)
          const outcome = {
            checked: 0,
            paid: 0,
            failed: 0,
            cancelled: pages.cancelled,
            review: 0,
            errors: pages.errors,
            pagesCompleted: pages.completed,
          }
          const candidates = await repository.findPendingForReconciliation(
            new Date(now.getTime() - RECONCILE_GRACE_MS),
            200,
          )
          for (const order of candidates) {
            outcome.checked += 1
            let result: CallbackOutcome | null = null
            try {
              result = await checkWithProvider(order, {})
            } catch (error) {
              outcome.errors += 1
              log.warn({ err: error, orderId: order.id }, 'reconcile: provider look-up failed')
              continue
            }
            if (result === 'paid') outcome.paid += 1
            else if (result === 'failed') outcome.failed += 1
            else if (result === 'review') outcome.review += 1
            if (result === null && order.createdAt.getTime() < expiredBefore) {
              const cancelled = await repository.transition(order.id, ['pending_payment'], 'cancelled', {
                failureReason: 'payment timeout',
              })
              if (cancelled) outcome.cancelled += 1
            }
          }
          log.info({ job: 'reconcile-payments', ...outcome }, 'reconciliation run')
          return outcome
        },
      )
    },

    async listOrders(query: AdminOrderListQuery): Promise<Paged<AdminOrder>> {
      const { rows, total } = await repository.findPage(query)
      return {
        items: rows.map((row) => toAdminOrder(row)),
        currentPage: query.page,
        totalPages: Math.ceil(total / query.limit),
        totalItems: total,
      }
    },

    /** One order with its payment details and every status it has had. */
    async getOrder(id: string): Promise<AdminOrder> {
      const order = await repository.findById(id)
      if (!order) throw notFound('Order')
      return toAdminOrder(order, await repository.findStatusHistory(id))
    },

    async changeStatus(id: string, to: OrderStatus, actor?: Actor): Promise<AdminOrder> {
      const order = await repository.findById(id)
      if (!order) throw notFound('Order')
      const from = order.status as OrderStatus
      if (!canTransition(from, to)) {
        throw new AppError('INVALID_STATUS_TRANSITION', `Cannot change an order from ${from} to ${to}`, {
          from,
          to,
        })
      }
      const updated = await repository.transition(id, [from], to, {}, actor ?? null)
      if (!updated)
        throw new AppError('INVALID_STATUS_TRANSITION', 'The order changed meanwhile; reload it', {
          from,
          to,
        })
      await deps.audit.record(actor, {
        action: 'status',
        entityType: 'order',
        entityId: id,
        summary: statusChangeSummary(formatOrderNumber(order.number), from, to),
      })
      return toAdminOrder({ ...updated, items: order.items }, await repository.findStatusHistory(id))
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>

function providerError(): AppError {
  return new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider is not available; please try again')
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
