import { toShekels } from '@tavlin/contracts'
import { brandOf } from './card-checks.js'
import { renderBitWaitingPage } from './payplus-sandbox.page.js'
import type { SandboxPage } from './payplus-sandbox.repository.js'
import { after, approvedFields, attempt, finish, receiptOf } from './payplus-sandbox.attempt.js'
import {
  SANDBOX_CARDS,
  alreadyPaid,
  isOpen,
  isRecord,
  methodNotOffered,
  offeredMethods,
  openPage,
  pageNotFound,
  sandboxNow,
  UUID,
  type SandboxDeps,
} from './payplus-sandbox.pages.js'
import type { PageReply } from './payplus-sandbox.return.js'

/** Bit: the attempt waits for the payer's approval in the app, then pays (behaviour.bitApprovalSeconds). */
export async function startBit(deps: SandboxDeps, pageRequestUid: string): Promise<PageReply> {
  const found = await openPage(deps, pageRequestUid)
  if (!isOpen(found)) return found
  if (!offeredMethods(found.page.request, deps.behaviour).includes('bit')) return methodNotOffered()
  const bit = attempt(
    found.page,
    {
      approved: false,
      amountAgorot: found.page.amountAgorot,
      method: 'bit',
      alternative: 'bit',
      card: null,
      payments: 1,
      isMultiple: false,
    },
    deps.baseUrl,
  )
  await deps.repository.insertTransaction({
    transactionUid: bit.transactionUid,
    pageRequestUid,
    statusCode: 'pending',
    ipn: { ...bit.ipn, status: 'pending', status_code: 'pending' },
    createdAt: sandboxNow(deps.behaviour),
  })
  return bitWaiting(deps, found.page, bit.transactionUid)
}

/** The Bit page looks again: approved once the pause is over, else still waiting. */
export async function checkBit(
  deps: SandboxDeps,
  pageRequestUid: string,
  transactionUid: string,
): Promise<PageReply> {
  const row = UUID.test(transactionUid) ? await deps.repository.findTransaction(transactionUid) : null
  if (!row || row.pageRequestUid !== pageRequestUid || row.ipn.method !== 'bit') return pageNotFound(deps)
  if (row.statusCode !== 'pending')
    return alreadyPaid(deps, (await deps.repository.findPage(pageRequestUid)) ?? undefined)
  const found = await openPage(deps, pageRequestUid)
  if (!isOpen(found)) return found
  const now = sandboxNow(deps.behaviour)
  if (now.getTime() < row.createdAt.getTime() + deps.behaviour.bitApprovalSeconds * 1000) {
    return bitWaiting(deps, found.page, transactionUid)
  }
  const approved = {
    ...row.ipn,
    ...approvedFields(String(row.ipn.number)),
    ...receiptOf(found.page, transactionUid, deps.baseUrl),
    status: 'approved',
    status_code: '000',
    status_description: 'העסקה בוצעה בהצלחה',
  }
  if (!(await deps.repository.settlePending(transactionUid, '000', approved)))
    return alreadyPaid(deps, found.page)
  return after(deps, found.page, [{ transactionUid, approved: true, ipn: approved }], now)
}

/** Apple Pay and Google Pay: a button the payer presses, approved at once (the wallet's card). */
export async function payWithWallet(
  deps: SandboxDeps,
  pageRequestUid: string,
  method: unknown,
): Promise<PageReply> {
  const found = await openPage(deps, pageRequestUid)
  if (!isOpen(found)) return found
  if (
    (method !== 'apple-pay' && method !== 'google-pay') ||
    !offeredMethods(found.page.request, deps.behaviour).includes(method)
  )
    return methodNotOffered()
  const customer = isRecord(found.page.request.customer) ? found.page.request.customer : {}
  const card = {
    card_holder_name: typeof customer.customer_name === 'string' ? customer.customer_name : '',
    four_digits: '0000',
    expiry_month: '12',
    expiry_year: '30',
    brand_id: brandOf(SANDBOX_CARDS.approved).id,
    brand_name: brandOf(SANDBOX_CARDS.approved).name,
    card_bin: '458000',
    identification_number: '',
  }
  const one = attempt(
    found.page,
    {
      approved: true,
      amountAgorot: found.page.amountAgorot,
      method: 'credit-card',
      alternative: method,
      card,
      payments: 1,
      isMultiple: false,
    },
    deps.baseUrl,
  )
  return finish(deps, found.page, [one], sandboxNow(deps.behaviour))
}

function bitWaiting(deps: SandboxDeps, page: SandboxPage, transactionUid: string): PageReply {
  return {
    kind: 'html',
    status: 200,
    html: renderBitWaitingPage({
      shopName: deps.shopName,
      amount: toShekels(page.amountAgorot),
      refreshUrl: `${deps.baseUrl}/pay/${page.pageRequestUid}/bit/${transactionUid}`,
    }),
  }
}
