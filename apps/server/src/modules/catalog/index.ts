// The catalog module's entry and wiring: what other modules may use (decision 186).
import type { Database } from '../../db/client.js'
import type { ImagesInUse } from '../uploads/index.js'
import { createCatalogOffers, type CatalogOffers } from './catalog-offers.js'
import { everyEntity, type CatalogContents } from './catalog-contents.js'
import { createCatalogPrices, type CatalogPrices } from './catalog-prices.js'
import { createCatalogPricesRepository } from './catalog-prices.repository.js'
import { createCatalogStock, type CatalogStock } from './catalog-stock.js'
import { createCatalogueImport } from './import/catalogue-import.js'
import { createRemoteImages, type RemoteImageOptions } from './import/remote-image.js'
import { createCatalogStockRepository } from './catalog-stock.repository.js'
import { createCatalogRepository } from './catalog.repository.js'
import { createCatalogService, type CatalogServiceDeps } from './catalog.service.js'
import { createBulkEditRepository } from './bulk/bulk-edit.repository.js'
import { createProductsBulkEdit } from './bulk/bulk-edit.service.js'
import { packageKind } from './packages/packages.config.js'
import {
  packagesTable,
  type PackageFilter,
  type PackageRecord,
  type PackageWrite,
} from './packages/packages.repository.js'
import { productKind } from './products/products.config.js'
import {
  productsTable,
  shopProductsTable,
  type ProductFilter,
  type ProductRecord,
  type ProductWrite,
} from './products/products.repository.js'
import { recipeKind } from './recipes/recipes.config.js'
import {
  recipesTable,
  type RecipeFilter,
  type RecipeRecord,
  type RecipeWrite,
} from './recipes/recipes.repository.js'

export type { CatalogContents } from './catalog-contents.js'
export type { CatalogPrices, PriceFound, PriceMissing, PriceQuery } from './catalog-prices.js'
export { offerKey } from './catalog-offers.js'
export type { CatalogOffers, ItemOffer, OfferQuery } from './catalog-offers.js'
export type { CatalogService } from './catalog.service.js'
export type { ProductsBulkEdit } from './bulk/bulk-edit.service.js'
export type { CatalogueImport } from './import/catalogue-import.js'
export { crossedThreshold } from './catalog-stock.js'
export type { CatalogStock, OrderCause, ReservedLine, TakenCount } from './catalog-stock.js'
export type { StockLine } from './catalog-stock.repository.js'

export type Catalog = ReturnType<typeof createCatalog>

/**
 * The catalogue module's public service: products, recipes and packages (one generic
 * service each, configured by kind), the prices checkout reads, the whole catalogue for the
 * export (issue 37), and the images the uploads clean-up must keep. Nothing outside this
 * module reads its tables.
 */
export function createCatalog({
  db,
  storeImage,
  remoteImages,
  ...deps
}: CatalogServiceDeps & {
  db: Database
  /** The upload pipeline, for the import's images given as addresses; absent, they are refused. */
  storeImage?: (data: Buffer, name: string) => Promise<string>
  /** How image addresses are resolved and fetched (tests: stubs). */
  remoteImages?: RemoteImageOptions
}) {
  const { productRows, shopProductRows, recipeRows, packageRows, kinds, contents } = catalogParts(db)
  // The shop's reads leave hidden products out; the admin's reads and every write see them all.
  const products = createCatalogService(kinds.product, shopProductRows, deps)
  const adminProducts = createCatalogService(kinds.product, productRows, deps)
  const recipes = createCatalogService(kinds.recipe, recipeRows, deps)
  const packages = createCatalogService(kinds.package, packageRows, deps)
  const pricesRepository = createCatalogPricesRepository(db)
  const prices: CatalogPrices = createCatalogPrices(pricesRepository)
  const offers: CatalogOffers = createCatalogOffers(pricesRepository)
  const stock: CatalogStock = createCatalogStock(createCatalogStockRepository(db))
  const productsBulkEdit = createProductsBulkEdit({
    rowsIn: (tx) =>
      tx
        ? createCatalogRepository<ProductRecord, ProductFilter, ProductWrite>(
            productsTable,
            tx as unknown as Database,
          )
        : productRows,
    repository: createBulkEditRepository(db),
    audit: deps.audit,
  })

  /** Of `urls`, those that are the image of a product, recipe or package. */
  const imagesInUse: ImagesInUse = async (urls) => {
    const used = await Promise.all([
      adminProducts.imagesInUse(urls),
      recipes.imagesInUse(urls),
      packages.imagesInUse(urls),
    ])
    return new Set(used.flat())
  }

  const importer = createCatalogueImport({
    contents,
    rows: productRows,
    recipeRows,
    transaction: (work) =>
      db.transaction((tx) => {
        const bound = tx as unknown as Database
        return work({
          products: createCatalogRepository(productsTable, bound),
          recipes: createCatalogRepository(recipesTable, bound),
          packages: createCatalogRepository(packagesTable, bound),
        })
      }),
    toWrite: (input) => kinds.product.toWrite(input),
    audit: deps.audit,
    ...(storeImage && {
      images: {
        remote: createRemoteImages(remoteImages),
        store: storeImage,
        release: (urls) => deps.images.release(urls),
      },
    }),
  })

  return {
    products,
    adminProducts,
    productsBulkEdit,
    recipes,
    packages,
    prices,
    offers,
    stock,
    imagesInUse,
    contents,
    importer,
  }
}

/** The catalogue read whole, for `npm run catalogue:export`, which records nothing and frees no image. */
export function createCatalogContents(db: Database): CatalogContents {
  return catalogParts(db).contents
}

function catalogParts(db: Database) {
  const productRows = createCatalogRepository<ProductRecord, ProductFilter, ProductWrite>(productsTable, db)
  const shopProductRows = createCatalogRepository<ProductRecord, ProductFilter, ProductWrite>(
    shopProductsTable,
    db,
  )
  const recipeRows = createCatalogRepository<RecipeRecord, RecipeFilter, RecipeWrite>(recipesTable, db)
  const packageRows = createCatalogRepository<PackageRecord, PackageFilter, PackageWrite>(packagesTable, db)
  const kinds = {
    product: productKind,
    recipe: recipeKind({ products: productRows, shopProducts: shopProductRows }),
    package: packageKind({ products: productRows, shopProducts: shopProductRows, recipes: recipeRows }),
  }
  const contents: CatalogContents = {
    products: () => everyEntity({ kind: kinds.product, rows: productRows }),
    recipes: () => everyEntity({ kind: kinds.recipe, rows: recipeRows }),
    packages: () => everyEntity({ kind: kinds.package, rows: packageRows }),
  }
  return { productRows, shopProductRows, recipeRows, packageRows, kinds, contents }
}

export type { CatalogPerishable } from './catalog-perishable.repository.js'
