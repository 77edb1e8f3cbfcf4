import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { packageItems, packages } from '../../db/schema/index.js'
import { relevanceOf, searchConditions } from '../../db/search.js'

export type PackageItemRow = { productId: string; sizeName: string; quantity: number }

export type PackageRecord = {
  id: string
  name: string
  description: string | null
  image: string
  priceAgorot: number
  cookingTime: number
  peoplesQuantity: number
  recipeId: string | null
  createdAt: Date
  updatedAt: Date
  items: PackageItemRow[]
}

export type PackageWrite = Omit<PackageRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  searchText: string
  searchName: string
}

/** `terms`: folded search words with their forms (`searchTermsOf`). */
export type PackageFilter = { terms: string[][]; excludeId?: string }

// The contents come back with their package as one JSON array: one round trip per page.
// The outer column is qualified by hand because Drizzle leaves it bare in single-table selects.
const itemsJson = sql<PackageItemRow[]>`coalesce((
  select json_agg(json_build_object(
    'productId', i.product_id, 'sizeName', i.size_name, 'quantity', i.quantity
  ) order by i.position)
  from ${packageItems} i where i.package_id = "packages"."id"), '[]'::json)`

const recordColumns = {
  id: packages.id,
  name: packages.name,
  description: packages.description,
  image: packages.image,
  priceAgorot: packages.priceAgorot,
  cookingTime: packages.cookingTime,
  peoplesQuantity: packages.peoplesQuantity,
  recipeId: packages.recipeId,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
  items: itemsJson,
}

const newestFirst = [desc(packages.createdAt), desc(packages.id)]

export class PackagesRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: PackagesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PackagesRepository(tx as unknown as Database)))
  }

  async findPage(
    filter: PackageFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PackageRecord[]; total: number }> {
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(packages)
      .where(whereOf(filter))
      .orderBy(...orderOf(filter))
      .limit(page.limit)
      .offset(page.offset)
    if (rows.length > 0) return { rows: rows.map(stripTotal), total: Number(rows[0]!.total) }
    if (page.offset === 0) return { rows: [], total: 0 }
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(packages)
      .where(whereOf(filter))
    return { rows: [], total: Number(count?.total ?? 0) }
  }

  async findRandom(limit: number): Promise<{ rows: PackageRecord[]; total: number }> {
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(packages)
      .orderBy(sql`random()`)
      .limit(limit)
    return { rows: rows.map(stripTotal), total: Number(rows[0]?.total ?? 0) }
  }

  async findById(id: string): Promise<PackageRecord | undefined> {
    const [row] = await this.db.select(recordColumns).from(packages).where(eq(packages.id, id)).limit(1)
    return row
  }

  /** Every package's id and last change, oldest first (the sitemap). */
  async findStamps(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.db
      .select({ id: packages.id, updatedAt: packages.updatedAt })
      .from(packages)
      .orderBy(packages.createdAt, packages.id)
  }

  /** Inserts the package and its contents; call inside `transaction`. */
  async insert(write: PackageWrite): Promise<string> {
    const { items, ...columns } = write
    const [row] = await this.db.insert(packages).values(columns).returning({ id: packages.id })
    const id = row!.id
    await this.insertItems(id, items)
    return id
  }

  /** Replaces the package and its contents (call inside `transaction`); false when no such package. */
  async update(id: string, write: PackageWrite): Promise<boolean> {
    const { items, ...columns } = write
    const updated = await this.db
      .update(packages)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(packages.id, id))
      .returning({ id: packages.id })
    if (updated.length === 0) return false
    await this.db.delete(packageItems).where(eq(packageItems.packageId, id))
    await this.insertItems(id, items)
    return true
  }

  /** The removed package's image; undefined when no such package. */
  /** Deletes it and returns its name and image (for the activity list and the image clean-up). */
  async remove(id: string): Promise<{ name: string; image: string } | undefined> {
    const [removed] = await this.db
      .delete(packages)
      .where(eq(packages.id, id))
      .returning({ name: packages.name, image: packages.image })
    return removed
  }

  async findImage(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ image: packages.image })
      .from(packages)
      .where(eq(packages.id, id))
      .limit(1)
    return row?.image
  }

  private async insertItems(packageId: string, items: PackageItemRow[]): Promise<void> {
    if (items.length === 0) return
    await this.db
      .insert(packageItems)
      .values(items.map((item, position) => ({ packageId, position, ...item })))
  }

  /** Of `urls`, those that are the image of a package. */
  async findUsedImages(urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return []
    const rows = await this.db
      .selectDistinct({ image: packages.image })
      .from(packages)
      .where(inArray(packages.image, [...urls]))
    return rows.map((row) => row.image)
  }
}

/** Best matches first when searching (name above description), newest first otherwise and among equals. */
function orderOf(filter: PackageFilter): SQL[] {
  if (filter.terms.length === 0) return newestFirst
  return [desc(relevanceOf(packages.searchName, packages.searchText, filter.terms)), ...newestFirst]
}

function whereOf(filter: PackageFilter): SQL | undefined {
  const conditions: SQL[] = [...searchConditions(packages.searchText, filter.terms)]
  if (filter.excludeId) conditions.push(ne(packages.id, filter.excludeId))
  return conditions.length > 0 ? and(...conditions) : undefined
}

function stripTotal<T extends { total: number }>({ total: _total, ...record }: T): Omit<T, 'total'> {
  return record
}
