import { and, arrayContains, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { recipeIngredients, recipeInstructions, recipes } from '../../db/schema/index.js'
import { relevanceOf, searchConditions } from '../../db/search.js'

export type IngredientRow = { id: string; name: string; quantity: string; productId: string | null }
export type InstructionRow = { id: string; step: number; description: string }

export type RecipeRecord = {
  id: string
  name: string
  description: string
  image: string
  difficulty: 'Easy' | 'Medium' | 'Hard'
  prepTime: string
  servings: number
  categories: string[]
  createdAt: Date
  updatedAt: Date
  ingredients: IngredientRow[]
  instructions: InstructionRow[]
}

export type RecipeWrite = {
  name: string
  description: string
  image: string
  difficulty: 'Easy' | 'Medium' | 'Hard'
  prepTime: string
  servings: number
  categories: string[]
  searchText: string
  searchName: string
  ingredients: Array<{ name: string; quantity: string; productId: string | null }>
  instructions: string[]
}

export type RecipeFilter = {
  category?: string
  /** Folded search words with their forms (`searchTermsOf`). */
  terms: string[][]
  excludeId?: string
  /** Recipes with an ingredient linked to this product, or unlinked and named exactly `name`. */
  product?: { id: string; name: string }
}

// Children come back as JSON arrays with their recipe: one round trip per page. The outer
// column is qualified by hand because Drizzle leaves it bare in single-table selects.
const ingredientsJson = sql<IngredientRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'name', i.name, 'quantity', i.quantity, 'productId', i.product_id
  ) order by i.position)
  from ${recipeIngredients} i where i.recipe_id = "recipes"."id"), '[]'::json)`

const instructionsJson = sql<InstructionRow[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'step', s.step, 'description', s.description) order by s.step)
  from ${recipeInstructions} s where s.recipe_id = "recipes"."id"), '[]'::json)`

const recordColumns = {
  id: recipes.id,
  name: recipes.name,
  description: recipes.description,
  image: recipes.image,
  difficulty: recipes.difficulty,
  prepTime: recipes.prepTime,
  servings: recipes.servings,
  categories: recipes.categories,
  createdAt: recipes.createdAt,
  updatedAt: recipes.updatedAt,
  ingredients: ingredientsJson,
  instructions: instructionsJson,
}

const newestFirst = [desc(recipes.createdAt), desc(recipes.id)]

export class RecipesRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repository: RecipesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new RecipesRepository(tx as unknown as Database)))
  }

  async findPage(
    filter: RecipeFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: RecipeRecord[]; total: number }> {
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(recipes)
      .where(whereOf(filter))
      .orderBy(...orderOf(filter))
      .limit(page.limit)
      .offset(page.offset)
    if (rows.length > 0) return { rows: rows.map(stripTotal), total: Number(rows[0]!.total) }
    if (page.offset === 0) return { rows: [], total: 0 }
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(recipes)
      .where(whereOf(filter))
    return { rows: [], total: Number(count?.total ?? 0) }
  }

  async findRandom(limit: number): Promise<{ rows: RecipeRecord[]; total: number }> {
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`(count(*) over ())::int` })
      .from(recipes)
      .orderBy(sql`random()`)
      .limit(limit)
    return { rows: rows.map(stripTotal), total: Number(rows[0]?.total ?? 0) }
  }

  async findById(id: string): Promise<RecipeRecord | undefined> {
    const [row] = await this.db.select(recordColumns).from(recipes).where(eq(recipes.id, id)).limit(1)
    return row
  }

  async findByName(name: string): Promise<RecipeRecord | undefined> {
    const [row] = await this.db.select(recordColumns).from(recipes).where(eq(recipes.name, name)).limit(1)
    return row
  }

  /** Every recipe's id and last change, oldest first (the sitemap). */
  async findStamps(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.db
      .select({ id: recipes.id, updatedAt: recipes.updatedAt })
      .from(recipes)
      .orderBy(recipes.createdAt, recipes.id)
  }

  async findNamesByIds(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return []
    return this.db
      .select({ id: recipes.id, name: recipes.name })
      .from(recipes)
      .where(inArray(recipes.id, ids))
  }

  async insert(write: RecipeWrite): Promise<string> {
    const { ingredients, instructions, ...columns } = write
    const [row] = await this.db.insert(recipes).values(columns).returning({ id: recipes.id })
    const id = row!.id
    await this.insertChildren(id, ingredients, instructions)
    return id
  }

  /** Replaces the recipe with its ingredients and instructions; false when no such recipe. */
  async update(id: string, write: RecipeWrite): Promise<boolean> {
    const { ingredients, instructions, ...columns } = write
    const updated = await this.db
      .update(recipes)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(recipes.id, id))
      .returning({ id: recipes.id })
    if (updated.length === 0) return false
    await this.db.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, id))
    await this.db.delete(recipeInstructions).where(eq(recipeInstructions.recipeId, id))
    await this.insertChildren(id, ingredients, instructions)
    return true
  }

  /** The removed recipe's image; undefined when no such recipe. */
  /** Deletes it and returns its name and image (for the activity list and the image clean-up). */
  async remove(id: string): Promise<{ name: string; image: string } | undefined> {
    const [removed] = await this.db
      .delete(recipes)
      .where(eq(recipes.id, id))
      .returning({ name: recipes.name, image: recipes.image })
    return removed
  }

  async findImage(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ image: recipes.image })
      .from(recipes)
      .where(eq(recipes.id, id))
      .limit(1)
    return row?.image
  }

  /** Of `urls`, those that are the image of a recipe. */
  async findUsedImages(urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return []
    const rows = await this.db
      .selectDistinct({ image: recipes.image })
      .from(recipes)
      .where(inArray(recipes.image, [...urls]))
    return rows.map((row) => row.image)
  }

  private async insertChildren(
    recipeId: string,
    ingredients: RecipeWrite['ingredients'],
    instructions: RecipeWrite['instructions'],
  ): Promise<void> {
    if (ingredients.length > 0) {
      await this.db
        .insert(recipeIngredients)
        .values(ingredients.map((ingredient, position) => ({ recipeId, position, ...ingredient })))
    }
    if (instructions.length > 0) {
      await this.db
        .insert(recipeInstructions)
        .values(instructions.map((description, index) => ({ recipeId, step: index + 1, description })))
    }
  }
}

/** Best matches first when searching (name above description), newest first otherwise and among equals. */
function orderOf(filter: RecipeFilter): SQL[] {
  if (filter.terms.length === 0) return newestFirst
  return [desc(relevanceOf(recipes.searchName, recipes.searchText, filter.terms)), ...newestFirst]
}

function whereOf(filter: RecipeFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.category) conditions.push(arrayContains(recipes.categories, [filter.category]))
  conditions.push(...searchConditions(recipes.searchText, filter.terms))
  if (filter.excludeId) conditions.push(ne(recipes.id, filter.excludeId))
  if (filter.product) {
    // The same link the recipe page shows as "exists in products": the product's id, or
    // (for an ingredient no administrator linked) the product's exact name.
    const { id, name } = filter.product
    conditions.push(sql`exists (
      select 1 from ${recipeIngredients} i where i.recipe_id = "recipes"."id"
        and (i.product_id = ${id} or (i.product_id is null and i.name = ${name})))`)
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

function stripTotal<T extends { total: number }>({ total: _total, ...record }: T): Omit<T, 'total'> {
  return record
}
