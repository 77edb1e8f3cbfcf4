/** For the few server-rendered pages and e-mails: everything interpolated goes through this. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

// An e-mail address, or a run of Latin letters and digits joined by - / . : + (a phone
// number, a date, an order number, a code). A lone number needs no isolation.
const LTR_RUN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\w+(?:[-/.:+]\w+)+|\w*[A-Za-z]\w*/g

/**
 * Text for Hebrew markup, escaped, with every e-mail address, phone number, date and code in
 * it isolated left to right (`<bdi dir="ltr">`): "03-1234567" never splits into "03-" and
 * "1234567", and a comma after an address stays on its side (issue 35).
 */
export function escapeHtmlIsolated(value: string): string {
  let html = ''
  let last = 0
  for (const match of value.matchAll(LTR_RUN)) {
    html += escapeHtml(value.slice(last, match.index))
    html += `<bdi dir="ltr">${escapeHtml(match[0])}</bdi>`
    last = match.index + match[0].length
  }
  return html + escapeHtml(value.slice(last))
}
