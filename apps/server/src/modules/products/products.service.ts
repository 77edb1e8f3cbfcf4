import {
  PRODUCT_SUB_CATEGORIES,
  toAgorot,
  totalPages,
  type Paged,
  type PageQuery,
  type Product,
  type ProductInput,
  type ProductListQuery,
} from '@tavlin/contracts'
import { AppError, invalidField, notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/audit.service.js'
import { isUniqueViolation } from '../../lib/pg-errors.js'
import { searchTermsOf, searchTextOf } from '../../lib/search-text.js'
import type { ImageRelease } from '../uploads/uploads.service.js'
import { toProduct } from './products.mapper.js'
import type { ProductsRepository, ProductWrite } from './products.repository.js'

const parentOf = new Map<string, string>(
  PRODUCT_SUB_CATEGORIES.map((sub) => [sub.nameInEnglish, sub.nameOfParentCategory]),
)

export class ProductsService {
  constructor(
    private readonly repository: ProductsRepository,
    private readonly audit: AuditService,
    private readonly images: ImageRelease,
  ) {}

  async list(query: ProductListQuery): Promise<Paged<Product>> {
    const { rows, total } = await this.repository.findPage(
      {
        category: query.category,
        subCategory: query.subCategory,
        terms: searchTermsOf(query.filter),
        excludeId: query.exclude,
      },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    )
    return {
      items: rows.map(toProduct),
      currentPage: query.page,
      totalPages: totalPages(total, query.limit),
      totalItems: total,
    }
  }

  /** A uniformly random selection; `page` is echoed so carousels can page through draws. */
  async random(query: PageQuery): Promise<Paged<Product>> {
    const { rows, total } = await this.repository.findRandom(query.limit)
    return {
      items: rows.map(toProduct),
      currentPage: query.page,
      totalPages: totalPages(total, query.limit),
      totalItems: total,
    }
  }

  async get(id: string): Promise<Product> {
    const record = await this.repository.findById(id)
    if (!record) throw notFound('Product')
    return toProduct(record)
  }

  /** Every product's id and last change. For other modules (the sitemap). */
  stamps(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.repository.findStamps()
  }

  /** Products whose name is exactly one of `names` (a recipe's ingredients). */
  async findByNames(names: string[]): Promise<Product[]> {
    const records = await this.repository.findByNames([...new Set(names.map((name) => name.trim()))])
    return records.map(toProduct)
  }

  /** Of `names`, those that are names of products. For other modules (recipes). */
  async existingNames(names: string[]): Promise<Set<string>> {
    return new Set(await this.repository.findExistingNames([...new Set(names)]))
  }

  /** Of `ids`, those that are ids of products. For other modules (recipes). */
  async existingIds(ids: string[]): Promise<Set<string>> {
    return new Set(await this.repository.findExistingIds([...new Set(ids)]))
  }

  /** Names of the products with these ids. For other modules (recipes, packages). */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.repository.findNamesByIds([...new Set(ids)])
    return new Map(rows.map((row) => [row.id, row.name]))
  }

  /** Each product's name and size names, by id. For other modules (packages' contents). */
  async sizeNamesByIds(ids: string[]): Promise<Map<string, { name: string; sizeNames: string[] }>> {
    const rows = await this.repository.findSizeNamesByIds([...new Set(ids)])
    return new Map(
      rows.map((row) => [row.id, { name: row.name, sizeNames: row.sizes.map((size) => size.sizeName) }]),
    )
  }

  async create(input: ProductInput, actor?: Actor): Promise<Product> {
    const write = toWrite(input)
    const id = await this.guardUnique(() => this.repository.transaction((tx) => tx.insert(write)))
    const saved = await this.get(id)
    await this.audit.record(actor, {
      action: 'create',
      entityType: 'product',
      entityId: id,
      summary: saved.name,
    })
    return saved
  }

  async update(id: string, input: ProductInput, actor?: Actor): Promise<Product> {
    const write = toWrite(input)
    const previousImage = await this.guardUnique(() =>
      this.repository.transaction(async (tx) => {
        const image = await tx.findImage(id)
        return image !== undefined && (await tx.update(id, write)) ? image : undefined
      }),
    )
    if (previousImage === undefined) throw notFound('Product')
    const saved = await this.get(id)
    await this.audit.record(actor, {
      action: 'update',
      entityType: 'product',
      entityId: id,
      summary: saved.name,
    })
    if (previousImage !== saved.image) await this.images.release([previousImage])
    return saved
  }

  async remove(id: string, actor?: Actor): Promise<{ _id: string }> {
    const removed = await this.repository.remove(id)
    if (!removed) throw notFound('Product')
    await this.audit.record(actor, {
      action: 'delete',
      entityType: 'product',
      entityId: id,
      summary: removed.name,
    })
    await this.images.release([removed.image])
    return { _id: id }
  }

  /** Of `urls`, those that are a product's image. For the uploads clean-up. */
  async imagesInUse(urls: readonly string[]): Promise<string[]> {
    return this.repository.findUsedImages(urls)
  }

  private async guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      // Sizes are checked before writing, so the only unique key left is the name.
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'A product with this name already exists', [
          { field: 'body.name', message: 'validation.nameTaken' },
        ])
      }
      throw error
    }
  }
}

function toWrite(input: ProductInput): ProductWrite {
  const categories = [...new Set(input.categories.map((c) => c.nameInEnglish))]
  const subCategories: string[] = []
  input.subCategories.forEach((sub, index) => {
    const parent = parentOf.get(sub.nameInEnglish)
    // Spec §5: a subcategory can be chosen only while its parent category is.
    if (!parent || !categories.includes(parent as (typeof categories)[number])) {
      throw invalidField(`body.subCategories.${index}`, 'validation.subCategoryWithoutParent')
    }
    if (sub.nameOfParentCategory !== parent) {
      throw invalidField(`body.subCategories.${index}.nameOfParentCategory`, 'validation.wrongParentCategory')
    }
    if (!subCategories.includes(sub.nameInEnglish)) subCategories.push(sub.nameInEnglish)
  })
  const seenSizes = new Set<string>()
  input.pricing.forEach((option, index) => {
    if (seenSizes.has(option.size.sizeName)) {
      throw invalidField(`body.pricing.${index}.size.sizeName`, 'validation.sizeNameDuplicate')
    }
    seenSizes.add(option.size.sizeName)
  })
  return {
    name: input.name,
    nameInEnglish: input.nameInEnglish || null,
    shortDescription: input.shortDescription,
    image: input.image,
    categories,
    subCategories,
    features: input.features.value.map(({ title, description }) => ({ title, description })),
    perishable: input.perishable ?? false,
    searchText: searchTextOf(input.name, input.nameInEnglish, input.shortDescription),
    searchName: searchTextOf(input.name, input.nameInEnglish),
    sizes: input.pricing.map((option) => ({
      sizeName: option.size.sizeName,
      sizeQuantity: option.size.sizeQuantity,
      priceAgorot: toAgorot(option.price),
    })),
  }
}
