import type { Locator, Page } from '@playwright/test'
import { englishWordsIn } from '../../packages/contracts/src/common/english-words'

/**
 * Latin-letter names a screen may show besides LATIN_NAMES: file formats (the upload field's
 * images, the CSV and XLSX exports, the legal pages' Markdown and HTML), the accessibility standard
 * (WCAG 2.0 AA, by name in ת"י 5568) and keys as printed on a keyboard (the toasts' "Alt+T"). The legal pages' editor also shows codes, taken out
 * before looking: placeholders ({{legalName}}) and a link's address in its example ((/terms)); and
 * the couriers' form names the `{number}` an owner types into a tracking address (issue 41).
 */
const NAMES = [
  'PNG',
  'JPG',
  'JPEG',
  'GIF',
  'WebP',
  'CSV',
  'XLSX',
  'Markdown',
  'HTML',
  'WCAG',
  'AA',
  'Alt',
  'T',
]
const CODES = /\{\{\w+\}\}|\{number\}|\(\/[\w/-]*\)/g

/**
 * Issue 35: "(package)", "Notifications Alt+T", "dd/mm/yyyy" were left on screens. What a
 * visitor reads and what a screen reader says (the page's title and text, and the aria-label,
 * placeholder and title of its elements, but not of those hidden from screen readers: the
 * toasts' unused timer bar) has no English word.
 */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const parts = [document.title, document.body.innerText]
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (element.closest('[aria-hidden="true"]')) continue
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(element.getAttribute(name) ?? '')
    }
    return parts.join('\n')
  })
  return [...new Set(englishWordsIn(shown.replace(CODES, ' '), NAMES))]
}

/**
 * What a visitor would have to scroll sideways to see: the page itself, or any box inside
 * `root` that hides part of its content to the side (a table's scroll box, a clipped cell).
 * Screen-reader-only text, text fields (their text scrolls by design) and one-pixel boxes aside.
 */
export async function hiddenToTheSide(page: Page, root: Locator): Promise<string[]> {
  const page_ = await page.evaluate(() => {
    const doc = document.documentElement
    return doc.scrollWidth > doc.clientWidth ? [`the page: ${doc.scrollWidth} > ${doc.clientWidth}`] : []
  })
  const boxes = await root.evaluate((node) =>
    [node, ...node.querySelectorAll('*')]
      .filter((element) => {
        if (element.matches('input, select, textarea, .sr-only')) return false
        if (element.clientWidth <= 1) return false
        if (getComputedStyle(element).overflowX === 'visible') return false
        return element.scrollWidth > element.clientWidth + 1
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  )
  return [...page_, ...boxes]
}
