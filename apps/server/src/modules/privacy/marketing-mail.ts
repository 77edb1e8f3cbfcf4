import type { BusinessDetails } from '@tavlin/contracts'
import { escapeHtml } from '../../lib/html.js'

/** The word the law puts first in a marketing message's subject (Communications Law §30א(ה)). */
export const MARKETING_SUBJECT_PREFIX = 'פרסומת'

export type MarketingMessage = { subject: string; html: string; text: string }

/**
 * Wraps any marketing message the shop sends (newsletter, back in stock, abandoned cart):
 * "פרסומת" first in the subject, the sender's details, and a one-click unsubscribe link
 * that needs no sign-in. `headers` are the List-Unsubscribe pair (RFC 8058) for the transport.
 */
export function renderMarketingMail(
  message: MarketingMessage,
  sender: Pick<BusinessDetails, 'legalName' | 'businessNumber' | 'address' | 'phone' | 'email'>,
  unsubscribeUrl: string,
): MarketingMessage & { headers: Record<string, string> } {
  const senderLine = `${sender.legalName}, ח.פ./ע.מ. ${sender.businessNumber}, ${sender.address}, טלפון ${sender.phone}, ${sender.email}`
  const unsubscribeText = 'להסרה מרשימת הדיוור בלחיצה אחת:'
  return {
    subject: `${MARKETING_SUBJECT_PREFIX}: ${message.subject}`,
    html: `${message.html}
<hr>
<p>${escapeHtml(`נשלח על ידי ${senderLine}`)}</p>
<p>${escapeHtml(unsubscribeText)} <a href="${escapeHtml(unsubscribeUrl)}">הסרה מרשימת הדיוור</a></p>`,
    text: [message.text, '', '—', `נשלח על ידי ${senderLine}`, `${unsubscribeText} ${unsubscribeUrl}`].join(
      '\n',
    ),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
