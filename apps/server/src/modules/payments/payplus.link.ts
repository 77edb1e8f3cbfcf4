import { priceOrder, toShekels } from '@tavlin/contracts'
import type { LineVat, PaymentPageRequest } from './payment-provider.js'

/** What generateLink is sent (payplus.md §1.3, §1.8, §1.9): the order's rows, its window, the owner's methods. */
/** PayPlus's `vat_type` per item: 0 VAT included, 1 VAT added, 2 exempt (payplus.md §1.3). */
const VAT_TYPE: Record<LineVat, number> = { included: 0, exempt: 2 }

/**
 * The owner's methods and installments (payplus.md §1.9): the first method is the page's
 * default, the others the only ones allowed; one method hides the rest as WOO does;
 * installments up to the owner's most, the field hidden when that is one.
 */
function methodFields(request: PaymentPageRequest) {
  return {
    charge_default: request.methods[0] ?? 'credit-card',
    allowed_charge_methods: [...request.methods],
    hide_other_charge_methods: request.methods.length <= 1,
    payments: request.maxInstallments,
    payments_selected: 1,
    hide_payments_field: request.maxInstallments <= 1,
  }
}

export function generateLinkBody(
  settings: { pageUid: string; invoiceModule?: boolean | undefined },
  request: PaymentPageRequest,
) {
  const shipping =
    request.shippingAgorot > 0 || request.shippingName
      ? [
          {
            name: request.shippingName ?? 'משלוח',
            quantity: 1,
            unitPriceAgorot: request.shippingAgorot,
            vat: request.vat,
          },
        ]
      : []
  const discountAgorot = request.discount?.agorot ?? 0
  // PayPlus takes a coupon as a row of negative price (payplus.md §1.3, as its WooCommerce plugin sends it).
  const discountRows =
    request.discount && discountAgorot > 0
      ? [{ name: request.discount.name, quantity: 1, vat: request.vat }]
      : []
  // The amount is the rows' sum, made by the money module, so the two can never disagree (payplus.md open question 5).
  const { totalAgorot: amountAgorot } = priceOrder({
    lines: [...request.items, ...shipping],
    shippingAgorot: 0,
    discountAgorot,
    vatRate: 0,
  })
  const rows = [
    ...[...request.items, ...shipping].map((row) => ({ ...row, price: toShekels(row.unitPriceAgorot) })),
    ...discountRows.map((row) => ({ ...row, price: -toShekels(discountAgorot) })),
  ]
  return {
    payment_page_uid: settings.pageUid,
    charge_method: 1,
    amount: toShekels(amountAgorot),
    currency_code: 'ILS',
    language_code: 'he',
    sendEmailApproval: false,
    sendEmailFailure: false,
    expiry_datetime: String(request.expiryMinutes),
    refURL_success: request.urls.success,
    refURL_failure: request.urls.failure,
    refURL_callback: request.urls.callback,
    // No failure callbacks, as none of PayPlus's clients asks: a decline ends an attempt, not
    // the order, which the page can still pay (payplus.md §1.8).
    more_info: request.orderId,
    more_info_1: request.orderNumber,
    ...(settings.invoiceModule ? { initial_invoice: true } : {}),
    customer: {
      customer_name: request.customer.name,
      email: request.customer.email,
      phone: request.customer.phone,
      address: request.customer.address,
      city: request.customer.city,
      postal_code: request.customer.postalCode ?? '',
      country_iso: 'IL',
    },
    ...methodFields(request),
    items: rows.map((row) => ({
      name: row.name,
      quantity: row.quantity,
      price: row.price,
      vat_type: VAT_TYPE[row.vat],
    })),
  }
}
