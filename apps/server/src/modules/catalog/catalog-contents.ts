import type { Package, Product, Recipe } from '@tavlin/contracts'

/** Entities read this many at a time: a catalogue of thousands never sits in one query. */
export const CONTENTS_BATCH_SIZE = 200

/** Every product, recipe and package, oldest first, a batch at a time (the catalogue export). */
export type CatalogContents = {
  products(): AsyncGenerator<Product[]>
  recipes(): AsyncGenerator<Recipe[]>
  packages(): AsyncGenerator<Package[]>
}

type Source<Row, Entity> = {
  kind: { toEntities(rows: Row[]): Promise<Entity[]> }
  rows: {
    findStamps(): Promise<Array<{ id: string }>>
    findByIds(ids: string[]): Promise<Row[]>
  }
}

/**
 * Ids first, oldest first, then the entities by batches of ids: an entity added while the
 * export runs is left out, one deleted meanwhile is skipped, none comes twice (as paging by
 * offset could give).
 */
export async function* everyEntity<Row, Entity>(
  { kind, rows }: Source<Row, Entity>,
  size = CONTENTS_BATCH_SIZE,
): AsyncGenerator<Entity[]> {
  const ids = (await rows.findStamps()).map((stamp) => stamp.id)
  for (let start = 0; start < ids.length; start += size) {
    // findByIds lists newest first; the stamps, and so the file, go oldest first.
    const batch = (await rows.findByIds(ids.slice(start, start + size))).reverse()
    if (batch.length > 0) yield await kind.toEntities(batch)
  }
}
