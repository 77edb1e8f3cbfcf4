// The catalog module's entry: what other modules may use (decision 186).
export type { Catalog, CatalogPrices, PriceFound } from './catalog.js'
export type { CatalogPerishable } from './catalog-perishable.repository.js'
