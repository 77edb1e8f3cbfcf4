// Every mail a shopper gets (issue 41), rendered by the server's own templates from a sample
// order, for the browser test that looks at them as mail programs do and for docs/mail/.
import {
  DEMO_BUSINESS_DETAILS,
  type BusinessDetails,
} from '../../packages/contracts/src/legal/business-details.schemas'
import { renderDisclosure } from '../../apps/server/src/modules/mail/disclosure.template'
import type { OrderMailView } from '../../apps/server/src/modules/mail/mail.templates'
import { renderOrderConfirmation } from '../../apps/server/src/modules/mail/order-confirmation.template'
import {
  renderOrderUpdate,
  type OrderUpdate,
  type OrderUpdateView,
} from '../../apps/server/src/modules/mail/order-updates.templates'

export type MailSample = { name: string; when: string; subject: string; html: string; text: string }

const PUBLIC_URL = 'https://tavlin.example'
const ORDER_URL = `${PUBLIC_URL}/checkout/payment-pending?order=0b6c2f4e-5d1a-4c3e-9f1b-7a2d3c4e5f60&token=sample-token`
const business: BusinessDetails = {
  ...DEMO_BUSINESS_DETAILS,
  instagramUrl: '',
  facebookUrl: '',
  delivery: 'משלוח עד הבית: אספקה תוך 3–5 ימי עסקים מיום התשלום; איסוף עצמי: למחרת התשלום.',
  deliveryFees: 'דמי משלוח 25.00 ₪, חינם בהזמנה מעל 250.00 ₪.',
}
const brand = { shopName: 'תבלין', publicUrl: PUBLIC_URL, business }

/** The lines, their pictures the image pipeline's 320 px files of the demo catalogue on `shop`. */
function sampleLines(shop: string) {
  return [
    {
      name: 'ברברה אתיופית חריפה',
      size: '100 גרם',
      quantity: 2,
      unitPrice: 24.9,
      lineTotal: 49.8,
      image: `${shop}/uploads/products/berbere-320.webp`,
    },
    {
      name: 'מארז טעמי אתיופיה',
      size: 'מארז',
      quantity: 1,
      unitPrice: 56.9,
      lineTotal: 56.9,
      image: `${shop}/uploads/packages/doro-wot-package-320.webp`,
    },
    // An item since deleted from the catalogue: its line has no picture.
    { name: 'שמן ניטר קיבה מתובל', size: '250 מ״ל', quantity: 3, unitPrice: 32, lineTotal: 96, image: null },
  ]
}

const confirmationView = (shop: string): OrderMailView => ({
  orderId: '0b6c2f4e-5d1a-4c3e-9f1b-7a2d3c4e5f60',
  number: 'TV-1042',
  customerName: 'נועה כהן',
  customerEmail: 'noa.cohen@example.com',
  phone: '050-1234567',
  address: 'הרצל 12, תל אביב-יפו, 6100000',
  addressDetails: { entrance: 'ב', floor: '3', apartment: '12' },
  notes: null,
  lines: sampleLines(shop),
  subtotal: 202.7,
  discount: 20.27,
  couponCode: 'SAVE10',
  shippingFee: 25,
  delivery: { label: 'משלוח עד הבית – מרכז', pickup: null },
  vat: 31.63,
  total: 207.43,
  deliveryEstimate: 'יום שני, 14 בדצמבר – יום רביעי, 16 בדצמבר',
  orderUrl: ORDER_URL,
})

const updateView = (shop: string): OrderUpdateView => ({
  orderId: '0b6c2f4e-5d1a-4c3e-9f1b-7a2d3c4e5f60',
  number: 'TV-1042',
  customerName: 'נועה כהן',
  customerEmail: 'noa.cohen@example.com',
  isCustomerErased: false,
  orderUrl: ORDER_URL,
  lines: sampleLines(shop).map(({ name, size, quantity, image }) => ({ name, size, quantity, image })),
})

const UPDATES: Array<{ name: string; when: string; update: OrderUpdate }> = [
  {
    name: 'shipped',
    when: 'המנהל מסמן את ההזמנה "נשלחה" (בדף ההזמנה או במסך האריזה), עם פרטי המשלוח כשנמסרו.',
    update: {
      step: 'shipped',
      address: 'הרצל 12, תל אביב-יפו',
      tracking: {
        courierName: 'דואר ישראל',
        trackingNumber: 'RR123456789IL',
        trackingUrl: 'https://mypost.israelpost.co.il/itemtrace?itemcode=RR123456789IL',
      },
    },
  },
  {
    name: 'ready-for-pickup',
    when: 'המנהל מסמן "נשלחה" הזמנה שנבחר לה איסוף עצמי.',
    update: {
      step: 'ready-for-pickup',
      pickup: { address: 'רחוב השוק 1, תל אביב-יפו', openingHours: 'א׳–ה׳ 9:00–18:00, ו׳ 9:00–13:00' },
    },
  },
  { name: 'delivered', when: 'המנהל מסמן את ההזמנה "נמסרה".', update: { step: 'delivered' } },
  {
    name: 'refund-issued',
    when: 'המנהל מבצע זיכוי מדף ההזמנה (מלא או חלקי).',
    update: { step: 'refund-issued', refundId: 'r1', amount: 49.8, cardDigits: '4242' },
  },
  {
    name: 'cancellation-approved',
    when: 'המנהל מאשר הודעת ביטול עסקה; הזיכוי שבה נאמר במכתב זה.',
    update: {
      step: 'cancellation-approved',
      cancellationId: 'c1',
      refund: 197.06,
      fee: 10.37,
      cardDigits: '4242',
    },
  },
  {
    name: 'cancellation-refused',
    when: 'המנהל דוחה הודעת ביטול עסקה; הסיבה שהחוק נותן, או בקשה לפנות אלינו.',
    update: { step: 'cancellation-refused', cancellationId: 'c2', refusal: 'window' },
  },
  {
    name: 'payment-failed',
    when: 'כרטיס סורב בעוד דף התשלום של ההזמנה פתוח; הכפתור מחזיר לאותה הזמנה.',
    update: { step: 'payment-failed', payUrl: ORDER_URL },
  },
]

/** `shop`: where the demo catalogue's pictures are served (the e2e server). */
export function mailSamples(shop: string): MailSample[] {
  const confirmation = renderOrderConfirmation(
    confirmationView(shop),
    brand,
    renderDisclosure(business, PUBLIC_URL),
  )
  return [
    { name: 'confirmation', when: 'התשלום התקבל (פעם אחת להזמנה).', ...confirmation },
    ...UPDATES.map(({ name, when, update }) => ({
      name,
      when,
      ...renderOrderUpdate(updateView(shop), update, brand),
    })),
  ]
}
