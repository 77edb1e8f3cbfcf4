import { describe, expect, it } from 'vitest'
import { PACKAGES, PRODUCTS } from './catalogue-data.js'

/** What a package's contents cost bought one by one, in agorot. */
function contentsAgorot(items: (typeof PACKAGES)[number]['items']): number {
  return items.reduce((sum, item) => {
    const size = PRODUCTS.find((product) => product.name === item.product)?.sizes.find(
      (candidate) => candidate.sizeName === item.size,
    )
    if (!size) throw new Error(`${item.product} (${item.size}) is not in the demo catalogue`)
    return sum + size.priceAgorot * item.quantity
  }, 0)
}

// Issue 35: a demo package cost 79 ₪ for items worth 59.80 ₪. A package saves the shopper money.
describe('demo packages', () => {
  it.each(PACKAGES.map((pack) => [pack.name, pack] as const))(
    '%s costs less than its contents bought one by one',
    (_name, pack) => {
      expect(pack.priceAgorot).toBeLessThan(contentsAgorot(pack.items))
    },
  )
})
