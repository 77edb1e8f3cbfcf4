import {
  toShekels,
  type Cancellation,
  type CancellationForm,
  type CancellationListQuery,
} from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { Actor } from '../audit/index.js'
import type { MailService } from '../mail/index.js'
import type { OrderRefundsService } from '../orders/index.js'
import type { CancellationRow, CancellationsRepository } from './cancellations.repository.js'

type CancellationsDeps = {
  repository: CancellationsRepository
  refunds: OrderRefundsService
  mail: MailService
  log: Logger
}

/**
 * ביטול עסקה (Consumer Protection Law §14ג, issue 18): the buyer's notice, what the law
 * allows for it, and the admin's decision, which refunds through the orders module.
 */
export function createCancellationsService(deps: CancellationsDeps) {
  const { repository } = deps

  async function decide(
    id: string,
    status: 'refunded' | 'rejected',
    actor?: Actor,
  ): Promise<CancellationRow> {
    const row = await repository.findById(id)
    if (!row) throw notFound('Cancellation')
    if (row.status !== 'open') throw new AppError('CONFLICT', 'This cancellation was already decided')
    if (!(await repository.decide(id, status, actor?.email ?? actor?.subject ?? null)))
      throw new AppError('CONFLICT', 'This cancellation was already decided')
    return row
  }

  return {
    /**
     * Always ends the same way for the caller: a wrong order number or contact is only
     * logged, so the form never tells a stranger whether an order exists.
     */
    submit: (form: CancellationForm, now = new Date()): Promise<void> => submitNotice(deps, form, now),

    async list(query: CancellationListQuery): Promise<Cancellation[]> {
      return (await repository.findPage(query.status)).map(toCancellation)
    },

    /** Refunds what the law allowed when the notice came; a provider refusal reopens the notice. */
    async approve(id: string, actor?: Actor): Promise<Cancellation> {
      const found = await repository.findById(id)
      if (found && !found.figures.isAllowed)
        throw new AppError(
          'CONFLICT',
          'The law does not require this cancellation; refund from the order instead',
        )
      const row = await decide(id, 'refunded', actor)
      try {
        await deps.refunds.refund(
          row.orderId,
          {
            amountAgorot: row.figures.refundAgorot,
            feeAgorot: row.figures.feeAgorot,
            cancellationId: row.id,
          },
          actor,
        )
      } catch (error) {
        await repository.reopen(id)
        throw error
      }
      return toCancellation((await repository.findById(id))!)
    },

    async reject(id: string, actor?: Actor): Promise<Cancellation> {
      await decide(id, 'rejected', actor)
      return toCancellation((await repository.findById(id))!)
    },
  }
}
export type CancellationsService = ReturnType<typeof createCancellationsService>

async function submitNotice(deps: CancellationsDeps, form: CancellationForm, now: Date): Promise<void> {
  const order = await deps.refunds.findByNumberAndContact(form.orderNumber, form.contact)
  if (!order) {
    deps.log.info({}, 'cancellation: no order matches the number and contact')
    return
  }
  const assessment = await deps.refunds.assess(order, form.isDefect, now)
  const figures = assessment.isAllowed
    ? { ...assessment, reason: null, deadline: assessment.deadline?.toISOString() ?? null }
    : {
        isAllowed: false,
        reason: assessment.reason,
        baseAgorot: 0,
        feeAgorot: 0,
        refundAgorot: 0,
        isPartial: false,
        deadline: assessment.deadline?.toISOString() ?? null,
      }
  const customerName = `${order.customer.firstName} ${order.customer.lastName}`
  const row = await deps.repository.insert({
    orderId: order.id,
    orderNumber: order.number,
    customerName,
    orderTotalAgorot: order.totalAgorot,
    reason: form.message || null,
    isDefect: form.isDefect,
    figures,
  })
  await deps.mail.enqueueCancellationReceived(row.id, {
    orderNumber: `TV-${order.number}`,
    customerName,
    customerEmail: order.customer.email,
    message: row.reason,
    isDefect: row.isDefect,
    refusal: assessment.isAllowed ? null : assessment.reason,
    refund: toShekels(figures.refundAgorot),
    fee: toShekels(figures.feeAgorot),
    isPartial: figures.isPartial,
  })
}

function toCancellation(row: CancellationRow): Cancellation {
  const { figures } = row
  return {
    _id: row.id,
    orderId: row.orderId,
    orderNumber: `TV-${row.orderNumber}`,
    customerName: row.customerName,
    message: row.reason,
    isDefect: row.isDefect,
    status: row.status as Cancellation['status'],
    isAllowed: figures.isAllowed,
    refusal: (figures.reason as Cancellation['refusal']) ?? null,
    orderTotal: toShekels(row.orderTotalAgorot),
    fee: toShekels(figures.feeAgorot),
    refund: toShekels(figures.refundAgorot),
    isPartial: figures.isPartial,
    deadline: figures.deadline,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
  }
}
