import {
  toShekels,
  type Cancellation,
  type CancellationForm,
  type CancellationListQuery,
} from '@tavlin/contracts'
import { AppError, notFound } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { Actor } from '../audit/index.js'
import type { ConfirmedRequest, RequestConfirmation } from '../confirmations/index.js'
import type { MailService } from '../mail/index.js'
import type { OrderRefundsService } from '../orders/index.js'
import type { CancellationRow, CancellationsRepository } from './cancellations.repository.js'

type CancellationsDeps = {
  repository: CancellationsRepository
  refunds: OrderRefundsService
  mail: Pick<MailService, 'enqueueCancellationReceived'>
  /** Sends the order's own e-mail the link that gives the notice (decision 238). */
  requestConfirmation: RequestConfirmation
  log: Logger
}

type OrderOf = NonNullable<Awaited<ReturnType<OrderRefundsService['findOrder']>>>

/** Who sent the form: the signed-in shopper (if any) and the client address. */
export type NoticeSender = { shopperSubject: string | undefined; clientAddress: string | null }

/** How a notice came to be given: from the owner's account now, or confirmed from the order's mailbox. */
type NoticeProof =
  | { confirmedBy: 'account'; clientAddress: string | null }
  | {
      confirmedBy: 'email'
      confirmationId: string
      requestedAt: Date
      requestAddress: string | null
      confirmAddress: string | null
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
     * The signed-in owner of the order gives the notice at once (`filed`). Anyone else gets
     * `by-email` whatever happened: a wrong number or contact is only logged, a match sends the
     * order's own e-mail a confirmation link, so the form never tells whether an order exists
     * and never files in someone else's name (decision 238).
     */
    submit: (form: CancellationForm, sender: NoticeSender, now = new Date()): Promise<'filed' | 'by-email'> =>
      submitNotice(deps, form, sender, now),

    /** The confirmation's handler: the notice is given now, its time the confirmation's. */
    async fileConfirmed(confirmed: ConfirmedRequest): Promise<{ orderNumber: string }> {
      const { orderId, isDefect, message } = confirmed.payload
      const order = typeof orderId === 'string' ? await deps.refunds.findOrder(orderId) : null
      if (!order) throw notFound('Order')
      await fileNotice(
        deps,
        order,
        { isDefect: isDefect === true, message: typeof message === 'string' ? message : null },
        {
          confirmedBy: 'email',
          confirmationId: confirmed.id,
          requestedAt: confirmed.requestedAt,
          requestAddress: confirmed.requestAddress,
          confirmAddress: confirmed.confirmAddress,
        },
        confirmed.confirmedAt,
      )
      return { orderNumber: `TV-${order.number}` }
    },

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
      await deps.refunds.tellCancellation(row.orderId, {
        cancellationId: row.id,
        approved: true,
        refund: toShekels(row.figures.refundAgorot),
        fee: toShekels(row.figures.feeAgorot),
      })
      return toCancellation((await repository.findById(id))!)
    },

    async reject(id: string, actor?: Actor): Promise<Cancellation> {
      const row = await decide(id, 'rejected', actor)
      await deps.refunds.tellCancellation(row.orderId, {
        cancellationId: row.id,
        approved: false,
        refusal: refusalOf(row),
      })
      return toCancellation((await repository.findById(id))!)
    },
  }
}
export type CancellationsService = ReturnType<typeof createCancellationsService>

/** Why the law did not require the cancellation, as the assessment stored it; null when it did. */
function refusalOf(row: CancellationRow): 'status' | 'window' | 'perishable' | null {
  const reason = row.figures.isAllowed ? null : row.figures.reason
  return reason === 'status' || reason === 'window' || reason === 'perishable' ? reason : null
}

async function submitNotice(
  deps: CancellationsDeps,
  form: CancellationForm,
  sender: NoticeSender,
  now: Date,
): Promise<'filed' | 'by-email'> {
  const order = await deps.refunds.findByNumberAndContact(form.orderNumber, form.contact)
  if (!order) {
    deps.log.info({}, 'cancellation: no order matches the number and contact')
    return 'by-email'
  }
  const notice = { isDefect: form.isDefect, message: form.message || null }
  if (sender.shopperSubject !== undefined && order.accountSubject === sender.shopperSubject) {
    await fileNotice(
      deps,
      order,
      notice,
      { confirmedBy: 'account', clientAddress: sender.clientAddress },
      now,
    )
    return 'filed'
  }
  // Anyone who knows a number and an e-mail or phone: the order's own mailbox decides.
  await deps.requestConfirmation({
    purpose: 'cancellation',
    email: order.customer.email,
    payload: { orderId: order.id, ...notice },
    orderNumber: `TV-${order.number}`,
    clientAddress: sender.clientAddress,
  })
  return 'by-email'
}

/**
 * Gives the notice: what the law allows at `now` (the notice's time), the inbox row, and the
 * mails. A confirmation filed twice at once writes one row and one pair of mails.
 */
async function fileNotice(
  deps: CancellationsDeps,
  order: OrderOf,
  notice: { isDefect: boolean; message: string | null },
  proof: NoticeProof,
  now: Date,
): Promise<void> {
  const assessment = await deps.refunds.assess(order, notice.isDefect, now)
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
    reason: notice.message,
    isDefect: notice.isDefect,
    figures,
    createdAt: now,
    confirmedBy: proof.confirmedBy,
    ...(proof.confirmedBy === 'email'
      ? {
          confirmationId: proof.confirmationId,
          requestedAt: proof.requestedAt,
          requestAddress: proof.requestAddress,
          confirmAddress: proof.confirmAddress,
        }
      : { requestAddress: proof.clientAddress }),
  })
  if (!row) return
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
    confirmedBy: proof.confirmedBy,
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
    requestedAt: row.requestedAt?.toISOString() ?? null,
    confirmedBy: row.confirmedBy ?? null,
  }
}
