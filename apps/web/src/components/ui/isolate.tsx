import type { ReactNode } from 'react'

/**
 * A phone number, e-mail or code inside Hebrew text: isolated left to right and never broken
 * across lines, so "03-1234567" does not become "03-" / "1234567" and a comma after an e-mail
 * stays on its side (issue 35).
 */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {children}
    </bdi>
  )
}

/** Text whose hyphenated words ("תל אביב-יפו") never wrap at their hyphen: a non-breaking one instead. */
export function keepHyphenatedWords(text: string): string {
  return text.replace(/(\S)-(?=\S)/g, '$1\u2011')
}

/** A phone number as a tel: address, in the international form when it is an Israeli one (0X… → +972X…). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${digits.startsWith('0') ? `+972${digits.slice(1)}` : digits}`
}
