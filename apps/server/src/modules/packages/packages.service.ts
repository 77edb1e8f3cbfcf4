import {
  toAgorot,
  totalPages,
  type Package,
  type PackageInput,
  type PackageListQuery,
  type Paged,
  type PageQuery,
} from '@tavlin/contracts'
import { AppError, invalidField, notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/audit.service.js'
import { constraintOf, isUniqueViolation, sqlStateOf } from '../../lib/pg-errors.js'
import { searchTermsOf, searchTextOf } from '../../lib/search-text.js'
import type { ProductsService } from '../products/products.service.js'
import type { RecipesService } from '../recipes/recipes.service.js'
import type { ImageRelease } from '../uploads/uploads.service.js'
import { toPackage } from './packages.mapper.js'
import type { PackageRecord, PackagesRepository, PackageWrite } from './packages.repository.js'

export class PackagesService {
  constructor(
    private readonly repository: PackagesRepository,
    private readonly products: ProductsService,
    private readonly recipes: RecipesService,
    private readonly audit: AuditService,
    private readonly images: ImageRelease,
  ) {}

  async list(query: PackageListQuery): Promise<Paged<Package>> {
    const { rows, total } = await this.repository.findPage(
      { terms: searchTermsOf(query.filter), excludeId: query.exclude },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    )
    return {
      items: await this.toPackages(rows),
      currentPage: query.page,
      totalPages: totalPages(total, query.limit),
      totalItems: total,
    }
  }

  async random(query: PageQuery): Promise<Paged<Package>> {
    const { rows, total } = await this.repository.findRandom(query.limit)
    return {
      items: await this.toPackages(rows),
      currentPage: query.page,
      totalPages: totalPages(total, query.limit),
      totalItems: total,
    }
  }

  async get(id: string): Promise<Package> {
    const record = await this.repository.findById(id)
    if (!record) throw notFound('Package')
    const [item] = await this.toPackages([record])
    return item!
  }

  /** Every package's id and last change. For other modules (the sitemap). */
  stamps(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.repository.findStamps()
  }

  async create(input: PackageInput, actor?: Actor): Promise<Package> {
    const write = await this.toWrite(input)
    const id = await this.guard(() => this.repository.transaction((tx) => tx.insert(write)))
    const saved = await this.get(id)
    await this.audit.record(actor, {
      action: 'create',
      entityType: 'package',
      entityId: id,
      summary: saved.name,
    })
    return saved
  }

  async update(id: string, input: PackageInput, actor?: Actor): Promise<Package> {
    const write = await this.toWrite(input)
    const previousImage = await this.guard(() =>
      this.repository.transaction(async (tx) => {
        const image = await tx.findImage(id)
        return image !== undefined && (await tx.update(id, write)) ? image : undefined
      }),
    )
    if (previousImage === undefined) throw notFound('Package')
    const saved = await this.get(id)
    await this.audit.record(actor, {
      action: 'update',
      entityType: 'package',
      entityId: id,
      summary: saved.name,
    })
    if (previousImage !== saved.image) await this.images.release([previousImage])
    return saved
  }

  async remove(id: string, actor?: Actor): Promise<{ _id: string }> {
    const removed = await this.repository.remove(id)
    if (!removed) throw notFound('Package')
    await this.audit.record(actor, {
      action: 'delete',
      entityType: 'package',
      entityId: id,
      summary: removed.name,
    })
    await this.images.release([removed.image])
    return { _id: id }
  }

  /** Of `urls`, those that are a package's image. For the uploads clean-up. */
  async imagesInUse(urls: readonly string[]): Promise<string[]> {
    return this.repository.findUsedImages(urls)
  }

  /** Linked recipe names and content product names: one look-up each for the whole page. */
  private async toPackages(records: PackageRecord[]): Promise<Package[]> {
    const recipeIds = records.flatMap((r) => (r.recipeId ? [r.recipeId] : []))
    const productIds = records.flatMap((r) => r.items.map((item) => item.productId))
    const [recipeNames, productNames] = await Promise.all([
      recipeIds.length > 0 ? this.recipes.namesByIds(recipeIds) : new Map<string, string>(),
      productIds.length > 0 ? this.products.namesByIds(productIds) : new Map<string, string>(),
    ])
    return records.map((record) => toPackage(record, recipeNames, productNames))
  }

  private async toWrite(input: PackageInput): Promise<PackageWrite> {
    if (input.recipeId && !(await this.recipes.namesByIds([input.recipeId])).has(input.recipeId)) {
      throw invalidField('body.recipeId', 'validation.recipeNotFound')
    }
    const products = await this.products.sizeNamesByIds(input.items.map((item) => item.productId))
    const seen = new Set<string>()
    input.items.forEach((item, index) => {
      const product = products.get(item.productId)
      if (!product) throw invalidField(`body.items.${index}.productId`, 'validation.productNotFound')
      if (!product.sizeNames.includes(item.sizeName)) {
        throw invalidField(`body.items.${index}.sizeName`, 'validation.packageItemSizeNotFound')
      }
      // The same product twice is fine in two sizes; twice in one size is a mistake.
      const key = `${item.productId}\u0000${item.sizeName}`
      if (seen.has(key)) throw invalidField(`body.items.${index}.sizeName`, 'validation.packageItemDuplicate')
      seen.add(key)
    })
    return {
      name: input.name,
      description: input.description || null,
      image: input.image,
      priceAgorot: toAgorot(input.price),
      cookingTime: input.cookingTime,
      peoplesQuantity: input.peoplesQuantity,
      recipeId: input.recipeId ?? null,
      items: input.items.map(({ productId, sizeName, quantity }) => ({ productId, sizeName, quantity })),
      searchText: searchTextOf(input.name, input.description),
      searchName: searchTextOf(input.name),
    }
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'A package with this name already exists', [
          { field: 'body.name', message: 'validation.nameTaken' },
        ])
      }
      // The linked recipe or a content product was deleted between the checks above and the write.
      if (sqlStateOf(error) === '23503') {
        throw constraintOf(error) === 'package_items_product_id_products_id_fk'
          ? invalidField('body.items', 'validation.productNotFound')
          : invalidField('body.recipeId', 'validation.recipeNotFound')
      }
      throw error
    }
  }
}
