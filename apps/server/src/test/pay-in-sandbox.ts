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

/** A POST return's form, as the sandbox's page (and PayPlus's) carries it: where it goes and its fields. */
export function parseReturnForm(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (value: string) =>
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  const action = /<form method="post" action="([^"]*)" id="payplus-return">/.exec(html)?.[1]
  if (action === undefined) throw new Error('no return form in the page')
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1]!)] = unescape(match[2]!)
  }
  return { action: unescape(action), fields }
}
