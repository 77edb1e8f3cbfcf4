import { describe, expect, it } from 'vitest'
import { FoodLabellingSchema, isLabellingComplete } from '@tavlin/contracts'
import { PRODUCTS } from './catalogue-data.js'
import { LABELLING_BY_PRODUCT } from './catalogue-labelling.js'

describe('demo food labelling', () => {
  it.each(PRODUCTS.map((product) => [product.name]))('labels %s completely and validly', (name) => {
    const labelling = LABELLING_BY_PRODUCT[name]
    expect(labelling).toBeDefined()
    expect(FoodLabellingSchema.safeParse(labelling).error).toBeUndefined()
    expect(isLabellingComplete(labelling!)).toBe(true)
  })

  it('names only products of the demo catalogue', () => {
    const names = new Set(PRODUCTS.map((product) => product.name))
    expect(Object.keys(LABELLING_BY_PRODUCT).filter((name) => !names.has(name))).toEqual([])
  })
})
