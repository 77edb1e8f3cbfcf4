import {
  totalPages,
  type Paged,
  type PageQuery,
  type Recipe,
  type RecipeInput,
  type RecipeListQuery,
} from '@tavlin/contracts'
import { AppError, invalidField, notFound } from '../../lib/errors.js'
import type { Actor, AuditService } from '../audit/audit.service.js'
import { isUniqueViolation, sqlStateOf } from '../../lib/pg-errors.js'
import { searchTermsOf, searchTextOf } from '../../lib/search-text.js'
import type { ProductsService } from '../products/products.service.js'
import type { ImageRelease } from '../uploads/uploads.service.js'
import { toRecipe } from './recipes.mapper.js'
import type { RecipeRecord, RecipesRepository, RecipeWrite } from './recipes.repository.js'

export class RecipesService {
  constructor(
    private readonly repository: RecipesRepository,
    private readonly products: ProductsService,
    private readonly audit: AuditService,
    private readonly images: ImageRelease,
  ) {}

  async list(query: RecipeListQuery): Promise<Paged<Recipe>> {
    let product: { id: string; name: string } | undefined
    if (query.productId) {
      const name = (await this.products.namesByIds([query.productId])).get(query.productId)
      // No such product: no recipe uses it.
      if (name === undefined) return { items: [], currentPage: query.page, totalPages: 0, totalItems: 0 }
      product = { id: query.productId, name }
    }
    const { rows, total } = await this.repository.findPage(
      { category: query.category, terms: searchTermsOf(query.filter), excludeId: query.exclude, product },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    )
    return {
      items: await this.toRecipes(rows),
      currentPage: query.page,
      totalPages: totalPages(total, query.limit),
      totalItems: total,
    }
  }

  async random(query: PageQuery): Promise<Paged<Recipe>> {
    const { rows, total } = await this.repository.findRandom(query.limit)
    return {
      items: await this.toRecipes(rows),
      currentPage: query.page,
      totalPages: totalPages(total, query.limit),
      totalItems: total,
    }
  }

  async get(id: string): Promise<Recipe> {
    const record = await this.repository.findById(id)
    if (!record) throw notFound('Recipe')
    const [recipe] = await this.toRecipes([record])
    return recipe!
  }

  /** The recipe with exactly this name (the package page links to its recipe by name). */
  async getByName(name: string): Promise<Recipe> {
    const record = await this.repository.findByName(name.trim())
    if (!record) throw notFound('Recipe')
    const [recipe] = await this.toRecipes([record])
    return recipe!
  }

  /** Every recipe's id and last change. For other modules (the sitemap). */
  stamps(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.repository.findStamps()
  }

  /** Names of the recipes with these ids. For other modules (packages). */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.repository.findNamesByIds([...new Set(ids)])
    return new Map(rows.map((row) => [row.id, row.name]))
  }

  async create(input: RecipeInput, actor?: Actor): Promise<Recipe> {
    const write = await this.toWrite(input)
    const id = await this.guard(() => this.repository.transaction((tx) => tx.insert(write)))
    const saved = await this.get(id)
    await this.audit.record(actor, {
      action: 'create',
      entityType: 'recipe',
      entityId: id,
      summary: saved.name,
    })
    return saved
  }

  async update(id: string, input: RecipeInput, actor?: Actor): Promise<Recipe> {
    const write = await this.toWrite(input)
    const previousImage = await this.guard(() =>
      this.repository.transaction(async (tx) => {
        const image = await tx.findImage(id)
        return image !== undefined && (await tx.update(id, write)) ? image : undefined
      }),
    )
    if (previousImage === undefined) throw notFound('Recipe')
    const saved = await this.get(id)
    await this.audit.record(actor, {
      action: 'update',
      entityType: 'recipe',
      entityId: id,
      summary: saved.name,
    })
    if (previousImage !== saved.image) await this.images.release([previousImage])
    return saved
  }

  async remove(id: string, actor?: Actor): Promise<{ _id: string }> {
    const removed = await this.repository.remove(id)
    if (!removed) throw notFound('Recipe')
    await this.audit.record(actor, {
      action: 'delete',
      entityType: 'recipe',
      entityId: id,
      summary: removed.name,
    })
    await this.images.release([removed.image])
    return { _id: id }
  }

  /** Of `urls`, those that are a recipe's image. For the uploads clean-up. */
  async imagesInUse(urls: readonly string[]): Promise<string[]> {
    return this.repository.findUsedImages(urls)
  }

  /**
   * An unlinked ingredient still "exists in products" when a product has its exact
   * name; one look-up covers every ingredient of the page.
   */
  private async toRecipes(records: RecipeRecord[]): Promise<Recipe[]> {
    const unlinked = records.flatMap((r) => r.ingredients.filter((i) => !i.productId).map((i) => i.name))
    const productNames = await this.products.existingNames(unlinked)
    return records.map((record) => toRecipe(record, productNames))
  }

  private async toWrite(input: RecipeInput): Promise<RecipeWrite> {
    const linked = input.ingredients.flatMap((i) => (i.productId ? [i.productId] : []))
    const existing = await this.products.existingIds(linked)
    input.ingredients.forEach((ingredient, index) => {
      if (ingredient.productId && !existing.has(ingredient.productId)) {
        throw invalidField(`body.ingredients.${index}.productId`, 'validation.productNotFound')
      }
    })
    return {
      name: input.name,
      description: input.description,
      image: input.image,
      difficulty: input.difficulty,
      prepTime: input.prepTime,
      servings: input.servings,
      categories: [...new Set(input.categories.map((c) => c.nameInEnglish))],
      searchText: searchTextOf(input.name, input.description),
      searchName: searchTextOf(input.name),
      ingredients: input.ingredients.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        productId: i.productId ?? null,
      })),
      instructions: input.instructions.map((i) => i.description),
    }
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'A recipe with this name already exists', [
          { field: 'body.name', message: 'validation.nameTaken' },
        ])
      }
      // A linked product deleted between the check above and the insert.
      if (sqlStateOf(error) === '23503') {
        throw invalidField('body.ingredients', 'validation.productNotFound')
      }
      throw error
    }
  }
}
