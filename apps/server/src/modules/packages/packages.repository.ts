import { and, desc, eq, inArray, like, ne, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { packages } from '../../db/schema/index.js'
import { containsPattern } from '../../lib/search-text.js'

export type PackageRecord = {
  id: string
  name: string
  description: string | null
  image: string
  priceAgorot: number
  cookingTime: number
  peoplesQuantity: number
  ingredientsQuantity: number
  recipeId: string | null
  createdAt: Date
  updatedAt: Date
}

export type PackageWrite = Omit<PackageRecord, 'id' | 'createdAt' | 'updatedAt'> & { searchText: string }

export type PackageFilter = { words: string[]; excludeId?: string }

const recordColumns = {
  id: packages.id,
  name: packages.name,
  description: packages.description,
  image: packages.image,
  priceAgorot: packages.priceAgorot,
  cookingTime: packages.cookingTime,
  peoplesQuantity: packages.peoplesQuantity,
  ingredientsQuantity: packages.ingredientsQuantity,
  recipeId: packages.recipeId,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
}

const newestFirst = [desc(packages.createdAt), desc(packages.id)]

export class PackagesRepository {
  constructor(private readonly db: Database) {}

  async findPage(
    filter: PackageFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PackageRecord[]; total: number }> {
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(packages)
      .where(whereOf(filter))
      .orderBy(...newestFirst)
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

  async insert(write: PackageWrite): Promise<string> {
    const [row] = await this.db.insert(packages).values(write).returning({ id: packages.id })
    return row!.id
  }

  /** False when no such package. A package has no child rows: one statement, no transaction. */
  async update(id: string, write: PackageWrite): Promise<boolean> {
    const updated = await this.db
      .update(packages)
      .set({ ...write, updatedAt: sql`now()` })
      .where(eq(packages.id, id))
      .returning({ id: packages.id })
    return updated.length > 0
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

function whereOf(filter: PackageFilter): SQL | undefined {
  const conditions: SQL[] = []
  for (const word of filter.words) conditions.push(like(packages.searchText, containsPattern(word)))
  if (filter.excludeId) conditions.push(ne(packages.id, filter.excludeId))
  return conditions.length > 0 ? and(...conditions) : undefined
}

function stripTotal<T extends { total: number }>({ total: _total, ...record }: T): Omit<T, 'total'> {
  return record
}
