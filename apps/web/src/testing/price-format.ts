import { expect } from 'vitest'

/** One price as the shop writes it (decision 130): "1,234.50 ₪", the whole of its own text. */
const SHOP_PRICE = /^-?\d{1,3}(?:,\d{3})*\.\d{2} ₪$/

/**
 * Fails on any other way of writing a shekel amount inside `root` ("₪16.90", "69 ₪",
 * "1234.50 ₪", a price glued into a sentence) and on a price not isolated left-to-right,
 * whose ₪ would jump to the other side of the digits in Hebrew text.
 * Returns the prices found, so a test can check it saw them all.
 */
export function expectShopPrices(root: HTMLElement): string[] {
  const prices: string[] = []
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? ''
    if (!text.includes('₪')) continue
    expect(text).toMatch(SHOP_PRICE)
    expect(node.parentElement?.closest('bdi[dir="ltr"]'), `not isolated: ${text}`).not.toBeNull()
    prices.push(text)
  }
  return prices
}
