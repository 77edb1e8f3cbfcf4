/**
 * The mailbox an e-mail address delivers to, for "one per mailbox" rules (decision 239):
 * lower-cased; a `+tag` dropped (sub-addressing: Gmail, Outlook, iCloud, Fastmail, Proton
 * and most other providers deliver `name+tag@` to `name@`); and at Gmail, where
 * dots in the name are ignored and googlemail.com is the same service, the dots dropped
 * and the domain made gmail.com. Never used to send mail: only to compare.
 *
 * Migration 0017 computes the same for the welcome coupons issued before it: change both.
 */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
}

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at <= 0) return address
  const domain = address.slice(at + 1)
  const name = address.slice(0, at)
  // "+tag@x" alone has no name before the tag: it stays as it is.
  const untagged = name.split('+')[0] || name
  const folded = DOTLESS_DOMAINS[domain]
  if (folded) return `${untagged.replaceAll('.', '') || untagged}@${folded}`
  return `${untagged}@${domain}`
}

/** Whether two addresses reach the same mailbox. */
export function isSameMailbox(a: string, b: string): boolean {
  return mailboxOf(a) === mailboxOf(b)
}
