import type { BusinessDetails } from '@tavlin/contracts'
import { escapeHtml, escapeHtmlIsolated } from '../../lib/html.js'

/**
 * The one layout of every mail a shopper gets (issue 41, decision 260): tables and inline
 * styles, which every mail client keeps, one column at most 600 px wide that narrows with
 * the screen, Hebrew right to left. The shop's colours are the storefront's (index.css's
 * --tv-primary and its dark twin); a client in a dark scheme that honours `color-scheme`
 * gets the dark palette from the <style> block, the others keep the light one.
 */
export const BRAND = {
  primary: '#a63d17',
  onPrimary: '#fffaf3',
  page: '#f6efe4',
  card: '#fffdf9',
  ink: '#2b1d14',
  muted: '#6b5a4c',
  line: '#e6d9c6',
} as const

export type ShopBrand = {
  shopName: string
  /** The storefront's address: the logo's link and the base of every other link. */
  publicUrl: string
  /** The business's legal details for the footer (israel-law.md §4); absent: the shop's name alone. */
  business?: BusinessDetails | undefined
}

export type MailButton = { label: string; url: string }

export type ShopMailParts = {
  /** The mail's title and first heading. */
  heading: string
  /** Shown by mail programs beside the subject, before the mail is opened. */
  preview: string
  /** Markup built by the template, everything interpolated already escaped. */
  body: string
  button?: MailButton | undefined
  /** Markup after the button (the disclosure, for the confirmation). */
  after?: string | undefined
  /** Why the mail was sent, for the footer; absent: an order's mail. */
  reason?: string | undefined
  /** The footer's last line instead of "not marketing" (a marketing mail says what it is, decision 282). */
  footerNote?: string | undefined
}

/** The footer's line for the mails about an order. */
const ORDER_REASON = 'בעקבות הזמנה שביצעת; זו הודעה על ההזמנה ולא דיוור שיווקי.'

const FONT = 'Arial,Helvetica,sans-serif'

export function shopMailHtml(brand: ShopBrand, parts: ShopMailParts): string {
  const button = parts.button ? buttonHtml(parts.button) : ''
  return `<!doctype html>
<html lang="he" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(parts.heading)}</title>
<style>
img{max-width:100%;height:auto}
@media (prefers-color-scheme:dark){
.tv-page{background:#1c140f!important}.tv-card{background:#2a1f18!important;color:#f3e9dc!important}
.tv-muted{color:#cdbba8!important}.tv-logo{color:#ee8f63!important}
.tv-card a{color:#f4a682!important}.tv-button,.tv-card a.tv-button{background:#ee8f63!important;color:#26140b!important}
}
</style></head>
<body dir="rtl" class="tv-page" style="margin:0;padding:0;background:${BRAND.page};font-family:${FONT}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtmlIsolated(parts.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="tv-page" style="background:${BRAND.page}"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="tv-card" style="max-width:600px;width:100%;background:${BRAND.card};color:${BRAND.ink};border-radius:8px;border-top:6px solid ${BRAND.primary};text-align:right" dir="rtl">
<tr><td style="padding:20px 24px 0"><a href="${escapeHtml(brand.publicUrl)}" class="tv-logo" style="color:${BRAND.primary};font-size:26px;font-weight:bold;text-decoration:none">${escapeHtml(brand.shopName)}</a></td></tr>
<tr><td style="padding:8px 24px 0;font-size:16px;line-height:1.6">
<h1 style="font-size:22px;margin:8px 0 12px">${escapeHtmlIsolated(parts.heading)}</h1>
${parts.body}
${button}
${parts.after ?? ''}
</td></tr>
<tr><td class="tv-muted" style="padding:16px 24px 24px;font-size:13px;line-height:1.5;color:${BRAND.muted};border-top:1px solid ${BRAND.line}">${footerHtml(brand, parts.reason, parts.footerNote)}</td></tr>
</table></td></tr></table>
</body></html>`
}

/** A paragraph of text, its numbers, addresses and codes isolated. */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 12px">${escapeHtmlIsolated(text)}</p>`
}

function buttonHtml(button: MailButton): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0"><tr><td class="tv-button" style="background:${BRAND.primary};border-radius:6px"><a href="${escapeHtml(button.url)}" class="tv-button" style="display:inline-block;padding:12px 24px;color:${BRAND.onPrimary};background:${BRAND.primary};font-weight:bold;font-size:16px;text-decoration:none;border-radius:6px">${escapeHtml(button.label)}</a></td></tr></table>`
}

/** The business's details under every mail: who sends it and how to reach them. */
function footerLines(brand: ShopBrand, reason = ORDER_REASON, note?: string): string[] {
  const details = brand.business
  if (!details) return [brand.shopName]
  return [
    `${details.legalName}, ח.פ./ע.מ. ${details.businessNumber}`,
    `${details.address} · טלפון ${details.phone} · ${details.email}`,
    note ?? `נשלח מ${brand.shopName} ${reason}`,
  ]
}

function footerHtml(brand: ShopBrand, reason?: string, note?: string): string {
  return footerLines(brand, reason, note).map(escapeHtmlIsolated).join('<br>')
}

/** The plain-text part: the same words in the same order, links written out. */
export function shopMailText(
  brand: ShopBrand,
  parts: {
    heading: string
    lines: string[]
    button?: MailButton | undefined
    after?: string[]
    reason?: string | undefined
    footerNote?: string | undefined
  },
): string {
  return [
    brand.shopName,
    '',
    parts.heading,
    '',
    ...parts.lines,
    ...(parts.button ? ['', `${parts.button.label}: ${parts.button.url}`] : []),
    ...(parts.after?.length ? ['', ...parts.after] : []),
    '',
    '—',
    ...footerLines(brand, parts.reason, parts.footerNote),
  ].join('\n')
}
