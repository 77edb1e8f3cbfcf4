import { and, arrayContains, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { productSizes, products } from '../../db/schema/index.js'
import { relevanceOf, searchConditions } from '../../db/search.js'

export type SizeRow = { sizeName: string; sizeQuantity: number; priceAgorot: number }

export type ProductRecord = {
  id: string
  name: string
  nameInEnglish: string | null
  shortDescription: string
  image: string
  categories: string[]
  subCategories: string[]
  features: Array<{ title: string; description: string }>
  perishable: boolean
  createdAt: Date
  updatedAt: Date
  sizes: SizeRow[]
}

export type ProductWrite = {
  name: string
  nameInEnglish: string | null
  shortDescription: string
  image: string
  categories: string[]
  subCategories: string[]
  features: Array<{ title: string; description: string }>
  perishable: boolean
  searchText: string
  searchName: string
  sizes: SizeRow[]
}

export type ProductFilter = {
  category?: string
  subCategory?: string
  /** Folded search words with their forms (`searchTermsOf`); a form of each must occur in `search_text`. */
  terms: string[][]
  excludeId?: string
}

// Sizes come back with their product as one JSON array, so a page is one round trip
// (no query per product, no second query per child table). The outer column is written
// out qualified: Drizzle leaves columns unqualified in single-table selects, and a bare
// "id" would bind to the inner table.
const sizesJson = sql<SizeRow[]>`coalesce((
  select json_agg(json_build_object(
    'sizeName', s.size_name, 'sizeQuantity', s.size_quantity, 'priceAgorot', s.price_agorot
  ) order by s.position)
  from ${productSizes} s where s.product_id = "products"."id"), '[]'::json)`

const recordColumns = {
  id: products.id,
  name: products.name,
  nameInEnglish: products.nameInEnglish,
  shortDescription: products.shortDescription,
  image: products.image,
  categories: products.categories,
  subCategories: products.subCategories,
  features: products.features,
  perishable: products.perishable,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  sizes: sizesJson,
}

const newestFirst = [desc(products.createdAt), desc(products.id)]

export class ProductsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: ProductsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ProductsRepository(tx as unknown as Database)))
  }

  async findPage(
    filter: ProductFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ProductRecord[]; total: number }> {
    const where = whereOf(filter)
    // The window count rides along with the page; only a page past the end needs its own count.
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .where(where)
      .orderBy(...orderOf(filter))
      .limit(page.limit)
      .offset(page.offset)
    if (rows.length > 0) return { rows: rows.map(stripTotal), total: Number(rows[0]!.total) }
    if (page.offset === 0) return { rows: [], total: 0 }
    return { rows: [], total: await this.count(filter) }
  }

  async count(filter: ProductFilter): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(whereOf(filter))
    return Number(row?.total ?? 0)
  }

  async findRandom(limit: number): Promise<{ rows: ProductRecord[]; total: number }> {
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .orderBy(sql`random()`)
      .limit(limit)
    return { rows: rows.map(stripTotal), total: Number(rows[0]?.total ?? 0) }
  }

  async findById(id: string): Promise<ProductRecord | undefined> {
    const [row] = await this.db.select(recordColumns).from(products).where(eq(products.id, id)).limit(1)
    return row
  }

  /** Every product's id and last change, oldest first (the sitemap). */
  async findStamps(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(products.createdAt, products.id)
  }

  async findByNames(names: string[]): Promise<ProductRecord[]> {
    if (names.length === 0) return []
    return this.db
      .select(recordColumns)
      .from(products)
      .where(inArray(products.name, names))
      .orderBy(...newestFirst)
  }

  async findExistingNames(names: string[]): Promise<string[]> {
    if (names.length === 0) return []
    const rows = await this.db
      .select({ name: products.name })
      .from(products)
      .where(inArray(products.name, names))
    return rows.map((row) => row.name)
  }

  async findExistingIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return []
    const rows = await this.db.select({ id: products.id }).from(products).where(inArray(products.id, ids))
    return rows.map((row) => row.id)
  }

  async findNamesByIds(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return []
    return this.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, ids))
  }

  /** Name and size names of each product in `ids` (what a package's contents refer to). */
  async findSizeNamesByIds(ids: string[]): Promise<Array<{ id: string; name: string; sizes: SizeRow[] }>> {
    if (ids.length === 0) return []
    return this.db
      .select({ id: products.id, name: products.name, sizes: sizesJson })
      .from(products)
      .where(inArray(products.id, ids))
  }

  async insert(write: ProductWrite): Promise<string> {
    const { sizes, ...columns } = write
    const [row] = await this.db.insert(products).values(columns).returning({ id: products.id })
    const id = row!.id
    await this.insertSizes(id, sizes)
    return id
  }

  /** Replaces the product and its sizes; false when no such product. */
  async update(id: string, write: ProductWrite): Promise<boolean> {
    const { sizes, ...columns } = write
    const updated = await this.db
      .update(products)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning({ id: products.id })
    if (updated.length === 0) return false
    await this.db.delete(productSizes).where(eq(productSizes.productId, id))
    await this.insertSizes(id, sizes)
    return true
  }

  /** The removed product's image; undefined when no such product. */
  /** Deletes it and returns its name and image (for the activity list and the image clean-up). */
  async remove(id: string): Promise<{ name: string; image: string } | undefined> {
    const [removed] = await this.db
      .delete(products)
      .where(eq(products.id, id))
      .returning({ name: products.name, image: products.image })
    return removed
  }

  async findImage(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, id))
      .limit(1)
    return row?.image
  }

  /** Of `urls`, those that are the image of a product. */
  async findUsedImages(urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return []
    const rows = await this.db
      .selectDistinct({ image: products.image })
      .from(products)
      .where(inArray(products.image, [...urls]))
    return rows.map((row) => row.image)
  }

  private async insertSizes(productId: string, sizes: SizeRow[]): Promise<void> {
    if (sizes.length === 0) return
    await this.db
      .insert(productSizes)
      .values(sizes.map((size, position) => ({ productId, position, ...size })))
  }
}

/** Best matches first when searching (name above description), newest first otherwise and among equals. */
function orderOf(filter: ProductFilter): SQL[] {
  if (filter.terms.length === 0) return newestFirst
  return [desc(relevanceOf(products.searchName, products.searchText, filter.terms)), ...newestFirst]
}

function whereOf(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.category) conditions.push(arrayContains(products.categories, [filter.category]))
  if (filter.subCategory) conditions.push(arrayContains(products.subCategories, [filter.subCategory]))
  conditions.push(...searchConditions(products.searchText, filter.terms))
  if (filter.excludeId) conditions.push(ne(products.id, filter.excludeId))
  return conditions.length > 0 ? and(...conditions) : undefined
}

function stripTotal<T extends { total: number }>({ total: _total, ...record }: T): Omit<T, 'total'> {
  return record
}
