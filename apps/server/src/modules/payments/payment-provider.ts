/**
 * The one interface the shop talks to a payment provider through. Amounts are
 * integer agorot here; each adapter converts to its provider's units.
 */
/** How a line's price stands to VAT: included in it (the catalogue's prices), or none (an exempt dealer). */
export type LineVat = 'included' | 'exempt'

/** The hosted page's methods, by PayPlus's names (payplus.md §1.9). */
export type PageMethod = 'credit-card' | 'bit' | 'apple-pay' | 'google-pay'

export type PaymentPageRequest = {
  orderId: string
  orderNumber: string
  items: Array<{ name: string; quantity: number; unitPriceAgorot: number; vat: LineVat }>
  /** The shipping row's and the discount row's VAT, as the order's. */
  vat: LineVat
  shippingAgorot: number
  /**
   * The delivery method's name for the shipping row ("משלוח עד הבית – מרכז"). With a name
   * the row is sent even at ₪0 (pickup, or free above a threshold), so the payment page shows
   * how the order goes; without one, a row "משלוח" only when there is a fee.
   */
  shippingName?: string | undefined
  /** A coupon's discount: sent as its own row with a negative price, as PayPlus's own plugins do. */
  discount?: { name: string; agorot: number } | null
  customer: {
    name: string
    email: string
    phone: string
    address: string
    city: string
    postalCode?: string | undefined
  }
  urls: { success: string; failure: string; callback: string }
  /** The order's payment window: the page closes with it (`expiry_datetime`). */
  expiryMinutes: number
  /** What the owner offers, the first the page's default; nothing else reaches the shopper. */
  methods: readonly PageMethod[]
  /** The most installments a card payment may take; 1: none. */
  maxInstallments: number
}

export type PaymentPage = { pageRequestUid: string; paymentLink: string }

export type CardDetails = {
  cardHolderName: string
  /** Already masked by the adapter: the full ID number never leaves it. */
  maskedIdNumber: string
  brandId: string | number | null
  brandName: string
  fourDigits: string
  approvalNumber: string | null
}

/** Money taken (a charge), money given back (a refund), or neither (a card check, a hold). */
export type TransactionKind = 'charge' | 'refund' | 'other'

/** Another transaction of the same page or charge, as the look-up lists it (`related_transactions`). */
export type RelatedTransaction = {
  transactionUid: string
  kind: TransactionKind
  approved: boolean
  amountAgorot: number
  /** The reference it was made with: our order id on a charge, the refund's own on a refund. */
  moreInfo: string | null
  method: string | null
}

/** The provider's own record of a transaction, from a look-up (never from the shopper's browser). */
export type ProviderTransaction = {
  transactionUid: string
  pageRequestUid: string | null
  kind: TransactionKind
  approved: boolean
  statusCode: string
  amountAgorot: number
  currency: string
  /** Our order id, echoed back (PayPlus `more_info`). */
  orderId: string | null
  /** `credit-card`, `bit`, …, or the wallet or club that paid (`alternative_method_name`). */
  method: string | null
  card: CardDetails | null
  /** The receipt the provider's invoice module issued, when it is on. */
  documentUrl?: string | null
  /** The page's other attempts and parts, and the charge's refunds (payplus.md §1.5, §1.9). */
  related: RelatedTransaction[]
}

/** What a signed callback claims; confirmed by a look-up before anything is believed. */
export type CallbackNotice = {
  transactionUid: string
  pageRequestUid: string | null
  /** From `transaction_type`: PayPlus calls back for refunds too (payplus.md §1.9). */
  kind: TransactionKind
  statusCode: string
  /** `more_info` as sent: our order id on a charge, the refund's reference on a refund. */
  orderId: string | null
  card: CardDetails | null
}

export type CallbackVerification =
  { ok: true; notice: CallbackNotice } | { ok: false; reason: 'signature' | 'malformed' }

export type TransactionRef = { transactionUid?: string | undefined; pageRequestUid?: string | undefined }

/** Give back part or all of a captured payment (PayPlus Transactions/RefundByTransactionUID). */
export type RefundRequest = {
  transactionUid: string
  amountAgorot: number
  /**
   * The refund's own reference (`more_info`), made before it is sent: the look-up lists it
   * with the refund, so a refund whose answer was lost can be found (issue 32).
   */
  reference: string
}

/** A refusal carries the provider's own words, shown to the administrator as they are. */
export type RefundResult =
  { ok: true; transactionUid: string; documentUrl: string | null } | { ok: false; reason: string }

export interface PaymentProvider {
  readonly name: string
  createPaymentPage(request: PaymentPageRequest): Promise<PaymentPage>
  verifyCallback(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): CallbackVerification
  /** null when the provider knows no such transaction. */
  lookUpTransaction(ref: TransactionRef): Promise<ProviderTransaction | null>
  /** Throws PaymentProviderError when the provider cannot be reached. */
  refund(request: RefundRequest): Promise<RefundResult>
}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause })
    this.name = 'PaymentProviderError'
  }
}

export type HttpFetch = typeof fetch
