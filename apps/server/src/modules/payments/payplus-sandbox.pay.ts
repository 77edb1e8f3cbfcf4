import { toShekels } from '@tavlin/contracts'
import { maskIdNumber } from '../../lib/masking.js'
import { brandOf, isExpiryInFuture, isIsraeliIdValid, isLuhnValid } from './card-checks.js'
import { renderCardPage, type CardFormErrors, type CardFormValues } from './payplus-sandbox.page.js'
import { attempt, finish } from './payplus-sandbox.attempt.js'
import {
  SANDBOX_CARDS,
  isOpen,
  maxInstallments,
  methodNotOffered,
  offeredMethods,
  openPage,
  sandboxNow,
  type OpenPage,
  type SandboxDeps,
} from './payplus-sandbox.pages.js'
import type { PageReply } from './payplus-sandbox.return.js'

export type { PageReply } from './payplus-sandbox.return.js'
export { UUID, isRecord, type SandboxDeps } from './payplus-sandbox.pages.js'
export { SANDBOX_CARDS } from './payplus-sandbox.pages.js'

/** The share of a split payment the club's credit pays. */
const SPLIT_CLUB_SHARE = 0.4

/** The payment page a customer is sent to. */
export async function showPage(deps: SandboxDeps, pageRequestUid: string): Promise<PageReply> {
  const found = await openPage(deps, pageRequestUid)
  if (!isOpen(found)) return found
  return { kind: 'html', status: 200, html: cardPage(deps, found) }
}

/**
 * The card form sent: the test cards of DESIGN §3 approve or decline, the club card pays in
 * two transactions; each is stored for the look-up, called back signed, and the shopper
 * returned with PayPlus's flat parameters.
 */
export async function pay(
  deps: SandboxDeps,
  pageRequestUid: string,
  form: Partial<CardFormValues>,
): Promise<PageReply> {
  const found = await openPage(deps, pageRequestUid)
  if (!isOpen(found)) return found
  if (!offeredMethods(found.page.request, deps.behaviour).includes('credit-card')) return methodNotOffered()
  const now = sandboxNow(deps.behaviour)
  const values = normalise(form)
  const errors = validate(values, now, maxInstallments(found.page.request, deps.behaviour))
  if (Object.keys(errors).length > 0)
    return { kind: 'html', status: 400, html: cardPage(deps, found, values, errors) }
  const { page } = found
  const brand = brandOf(values.card_number)
  const card = {
    card_holder_name: values.card_holder_name,
    four_digits: values.card_number.slice(-4),
    expiry_month: values.expiry_month.padStart(2, '0'),
    expiry_year: values.expiry_year.slice(-2),
    brand_id: brand.id,
    brand_name: brand.name,
    card_bin: values.card_number.slice(0, 6),
    identification_number: maskIdNumber(values.identification_number),
  }
  const payments = Number(values.payments ?? '1') || 1
  if (values.card_number === SANDBOX_CARDS.split) {
    const clubAgorot = Math.round(page.amountAgorot * SPLIT_CLUB_SHARE)
    const club = attempt(
      page,
      {
        approved: true,
        amountAgorot: clubAgorot,
        method: 'credit-card',
        alternative: 'valuecard',
        card,
        payments: 1,
        isMultiple: true,
      },
      deps.baseUrl,
    )
    const rest = attempt(
      page,
      {
        approved: true,
        amountAgorot: page.amountAgorot - clubAgorot,
        method: 'credit-card',
        alternative: null,
        card,
        payments,
        isMultiple: true,
      },
      deps.baseUrl,
    )
    return finish(deps, page, [club, rest], now)
  }
  const approved = values.card_number === SANDBOX_CARDS.approved
  const one = attempt(
    page,
    {
      approved,
      amountAgorot: page.amountAgorot,
      method: 'credit-card',
      alternative: null,
      card,
      payments,
      isMultiple: false,
    },
    deps.baseUrl,
  )
  return finish(deps, page, [one], now)
}

function cardPage(
  deps: SandboxDeps,
  found: OpenPage,
  values?: CardFormValues,
  errors?: CardFormErrors,
): string {
  const uid = found.page.pageRequestUid
  return renderCardPage({
    shopName: deps.shopName,
    orderNumber: found.title,
    amount: toShekels(found.page.amountAgorot),
    actions: {
      card: `${deps.baseUrl}/pay/${uid}`,
      bit: `${deps.baseUrl}/pay/${uid}/bit`,
      wallet: `${deps.baseUrl}/pay/${uid}/wallet`,
    },
    methods: offeredMethods(found.page.request, deps.behaviour),
    maxInstallments: maxInstallments(found.page.request, deps.behaviour),
    testCards: SANDBOX_CARDS,
    ...(values ? { values } : {}),
    ...(errors ? { errors, notice: 'יש לתקן את השדות המסומנים' } : {}),
  })
}

function normalise(form: Partial<CardFormValues>): CardFormValues {
  const digits = (value: unknown) => String(value ?? '').replace(/[\s-]/g, '')
  return {
    card_number: digits(form.card_number),
    card_holder_name: String(form.card_holder_name ?? '').trim(),
    identification_number: digits(form.identification_number),
    expiry_month: digits(form.expiry_month),
    expiry_year: digits(form.expiry_year),
    cvv: digits(form.cvv),
    payments: digits(form.payments) || '1',
  }
}

function validate(values: CardFormValues, now: Date, maxPayments: number): CardFormErrors {
  const errors: CardFormErrors = {}
  if (!isLuhnValid(values.card_number)) errors.card_number = 'מספר הכרטיס אינו תקין'
  if (values.card_holder_name.length < 2) errors.card_holder_name = 'יש להזין את שם בעל הכרטיס'
  if (!isIsraeliIdValid(values.identification_number))
    errors.identification_number = 'מספר תעודת הזהות אינו תקין'
  if (!/^\d{1,2}$/.test(values.expiry_month) || !/^(\d{2}|\d{4})$/.test(values.expiry_year)) {
    errors.expiry_month = 'תוקף הכרטיס אינו תקין'
  } else if (!isExpiryInFuture(Number(values.expiry_month), Number(values.expiry_year), now)) {
    errors.expiry_month = 'תוקף הכרטיס פג'
  }
  if (!/^\d{3,4}$/.test(values.cvv)) errors.cvv = 'קוד האבטחה (CVV) אינו תקין'
  const payments = Number(values.payments)
  if (!Number.isInteger(payments) || payments < 1 || payments > maxPayments)
    errors.payments = 'מספר התשלומים אינו אפשרי'
  return errors
}
