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
import { isUniqueViolation, sqlStateOf } from '../../lib/pg-errors.js'
import { searchTextOf, searchWordsOf } from '../../lib/search-text.js'
import type { RecipesService } from '../recipes/recipes.service.js'
import type { ImageRelease } from '../uploads/uploads.service.js'
import { toPackage } from './packages.mapper.js'
import type { PackageRecord, PackagesRepository, PackageWrite } from './packages.repository.js'

export class PackagesService {
  constructor(
    private readonly repository: PackagesRepository,
    private readonly recipes: RecipesService,
    private readonly audit: AuditService,
    private readonly images: ImageRelease,
  ) {}

  async list(query: PackageListQuery): Promise<Paged<Package>> {
    const { rows, total } = await this.repository.findPage(
      { words: searchWordsOf(query.filter), excludeId: query.exclude },
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
    const id = await this.guard(() => this.repository.insert(write))
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
    // No transaction around the two: a concurrent edit can at worst make the release
    // miss an image (the sweep removes it later), never remove one in use — release
    // looks at every entity's image after the write.
    const previousImage = await this.repository.findImage(id)
    if (previousImage === undefined || !(await this.guard(() => this.repository.update(id, write))))
      throw notFound('Package')
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

  private async toPackages(records: PackageRecord[]): Promise<Package[]> {
    const recipeIds = records.flatMap((r) => (r.recipeId ? [r.recipeId] : []))
    const recipeNames =
      recipeIds.length > 0 ? await this.recipes.namesByIds(recipeIds) : new Map<string, string>()
    return records.map((record) => toPackage(record, recipeNames))
  }

  private async toWrite(input: PackageInput): Promise<PackageWrite> {
    if (input.recipeId && !(await this.recipes.namesByIds([input.recipeId])).has(input.recipeId)) {
      throw invalidField('body.recipeId', 'validation.recipeNotFound')
    }
    return {
      name: input.name,
      description: input.description || null,
      image: input.image,
      priceAgorot: toAgorot(input.price),
      cookingTime: input.cookingTime,
      peoplesQuantity: input.peoplesQuantity,
      ingredientsQuantity: input.ingredientsQuantity,
      recipeId: input.recipeId ?? null,
      searchText: searchTextOf(input.name, input.description),
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
      // The linked recipe was deleted between the check above and the write.
      if (sqlStateOf(error) === '23503') throw invalidField('body.recipeId', 'validation.recipeNotFound')
      throw error
    }
  }
}
