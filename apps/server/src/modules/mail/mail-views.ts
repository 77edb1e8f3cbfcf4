// The shapes the order e-mails are rendered from and to, shared by the templates.

/** What the order e-mails show; built by the orders service from the committed order. Amounts in shekels. */
export type OrderMailView = {
  orderId: string
  number: string
  customerName: string
  customerEmail: string
  /** The customer's details were erased (decision 201) before the payment came: no one to mail. */
  isCustomerErased?: boolean
  phone: string
  address: string
  /** Entrance, floor and apartment, when the customer gave them (decision 226). */
  addressDetails?: {
    entrance?: string | undefined
    floor?: string | undefined
    apartment?: string | undefined
  }
  notes: string | null
  lines: Array<{
    name: string
    size: string
    quantity: number
    unitPrice: number
    lineTotal: number
    /** The item's picture at an e-mail size (the pipeline's 320 px), when it still exists. */
    image?: string | null
  }>
  subtotal: number
  /** What the coupon took off (0 without one), and its code. */
  discount?: number
  couponCode?: string | null
  shippingFee: number
  /**
   * How the order goes (decision 228): the method's name with its zone, and for pickup
   * where and when. Absent on orders from before delivery methods: home delivery.
   */
  delivery?: { label: string; pickup: { address: string; openingHours: string } | null }
  vat: number
  total: number
  /** The expected delivery dates, in Hebrew (contracts' formatDeliveryWindow). */
  deliveryEstimate: string
  /** The receipt PayPlus's invoice module issued, when it is on. */
  documentUrl?: string | null
  /** The order's own page (its status behind its token): the mails' button. */
  orderUrl: string
}

export type RenderedMail = { subject: string; html: string; text: string }
