import { totalPages, type Paged, type PageQuery } from '@tavlin/contracts'
import { notFound } from '../../lib/errors.js'
import { searchTermsOf } from '../../lib/search-text.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { ImageRelease } from '../uploads/index.js'
import type { CatalogFilter, CatalogKind, CatalogListQuery } from './catalog.config.js'
import type { CatalogRepository } from './catalog.repository.js'

export type CatalogServiceDeps = { audit: AuditService; images: ImageRelease }

export type CatalogService<Entity, Input, Query> = {
  list(query: Query): Promise<Paged<Entity>>
  /** A uniformly random selection; `page` is echoed so carousels can page through draws. */
  random(query: PageQuery): Promise<Paged<Entity>>
  get(id: string): Promise<Entity>
  /** The entity with exactly this name (the package page links to its recipe by name). */
  getByName(name: string): Promise<Entity>
  /** The entities whose name is exactly one of `names` (a recipe's ingredients). */
  findByNames(names: string[]): Promise<Entity[]>
  /** Every entity's id and last change, oldest first (the sitemap). */
  stamps(): Promise<Array<{ id: string; updatedAt: Date }>>
  create(input: Input, actor?: Actor): Promise<Entity>
  update(id: string, input: Input, actor?: Actor): Promise<Entity>
  remove(id: string, actor?: Actor): Promise<{ _id: string }>
  /** Of `urls`, those that are an entity's image. For the uploads clean-up. */
  imagesInUse(urls: readonly string[]): Promise<string[]>
}

/** The one service of every catalogue kind: its differences come from `kind`. */
export function createCatalogService<
  Entity extends { name: string; image: string },
  Input,
  Query extends CatalogListQuery,
  Row,
  Filter extends CatalogFilter,
  Write,
>(
  kind: CatalogKind<Entity, Input, Query, Row, Filter, Write>,
  repository: CatalogRepository<Row, Filter, Write>,
  deps: CatalogServiceDeps,
): CatalogService<Entity, Input, Query> {
  const pageOf = async (query: PageQuery, found: { rows: Row[]; total: number }): Promise<Paged<Entity>> => ({
    items: await kind.toEntities(found.rows),
    currentPage: query.page,
    totalPages: totalPages(found.total, query.limit),
    totalItems: found.total,
  })
  const one = async (row: Row | undefined): Promise<Entity> => {
    if (!row) throw notFound(kind.label)
    const [entity] = await kind.toEntities([row])
    return entity!
  }
  const get = async (id: string) => one(await repository.findById(id))

  return {
    async list(query) {
      const own = await kind.filterOf(query)
      // Nothing can match (e.g. a product that does not exist): an empty page, no query.
      if (!own) return { items: [], currentPage: query.page, totalPages: 0, totalItems: 0 }
      const filter = { ...own, terms: searchTermsOf(query.filter), excludeId: query.exclude } as Filter
      return pageOf(
        query,
        await repository.findPage(filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      )
    },
    random: async (query) => pageOf(query, await repository.findRandom(query.limit)),
    get,
    getByName: async (name) => one((await repository.findByNames([name.trim()]))[0]),
    findByNames: async (names) =>
      kind.toEntities(await repository.findByNames([...new Set(names.map((name) => name.trim()))])),
    stamps: () => repository.findStamps(),
    imagesInUse: (urls) => repository.findUsedImages(urls),
    ...catalogWrites(kind, repository, deps, get),
  }
}

/** Create, replace and delete: in a transaction, audited, releasing the images no longer used. */
function catalogWrites<
  Entity extends { name: string; image: string },
  Input,
  Row,
  Filter extends CatalogFilter,
  Write,
>(
  kind: CatalogKind<Entity, Input, never, Row, Filter, Write>,
  repository: CatalogRepository<Row, Filter, Write>,
  { audit, images }: CatalogServiceDeps,
  get: (id: string) => Promise<Entity>,
) {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw kind.violationOf(error) ?? error
    }
  }
  const record = (
    actor: Actor | undefined,
    action: 'create' | 'update' | 'delete',
    id: string,
    name: string,
  ) => audit.record(actor, { action, entityType: kind.entityType, entityId: id, summary: name })

  return {
    async create(input: Input, actor?: Actor): Promise<Entity> {
      const write = await kind.toWrite(input)
      const id = await guard(() => repository.transaction((tx) => tx.insert(write, actorName(actor))))
      const saved = await get(id)
      await record(actor, 'create', id, saved.name)
      return saved
    },

    async update(id: string, input: Input, actor?: Actor): Promise<Entity> {
      const write = await kind.toWrite(input)
      const previousImage = await guard(() =>
        repository.transaction(async (tx) => {
          const image = await tx.findImage(id)
          return image !== undefined && (await tx.update(id, write, actorName(actor))) ? image : undefined
        }),
      )
      if (previousImage === undefined) throw notFound(kind.label)
      const saved = await get(id)
      await record(actor, 'update', id, saved.name)
      if (previousImage !== saved.image) await images.release([previousImage])
      return saved
    },

    async remove(id: string, actor?: Actor): Promise<{ _id: string }> {
      const removed = await repository.remove(id)
      if (!removed) throw notFound(kind.label)
      await record(actor, 'delete', id, removed.name)
      await images.release([removed.image])
      return { _id: id }
    },
  }
}

/** How the stock history names an admin. */
export function actorName(actor: Actor | undefined): string | null {
  return actor ? (actor.email ?? actor.subject) : null
}
