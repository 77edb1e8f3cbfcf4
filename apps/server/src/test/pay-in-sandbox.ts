import { SANDBOX_CARDS } from '../modules/payments/payplus-sandbox.service.js'

/** The shopper's browser on the sandbox's hosted page: a real HTTP form post with the approved card. */
export async function payInSandbox(baseUrl: string, paymentLink: string): Promise<number> {
  const url = new URL(new URL(paymentLink).pathname, baseUrl)
  const form = new URLSearchParams({
    card_number: SANDBOX_CARDS.approved,
    card_holder_name: 'נועה כהן',
    identification_number: '123456782',
    expiry_month: '12',
    expiry_year: String(new Date().getFullYear() + 2),
    cvv: '123',
  })
  const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' })
  await response.arrayBuffer()
  return response.status
}
