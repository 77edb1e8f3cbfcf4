import { BUSINESS_DETAIL_FIELDS } from '@tavlin/contracts'
import { json } from './catalog-bench-tools.js'

/** The admin writes `npm run bench` times a first visit after (bench/catalog.bench.ts). */
export type Entity = { _id: string } & Record<string, unknown>

/** A PUT of `entity` at /api/<resource>, changed by `change` (or as it is). */
export async function put(
  address: string,
  resource: string,
  entity: Entity,
  change: Record<string, unknown> = {},
) {
  const { _id, ...input } = entity
  const response = await fetch(`${address}/api/${resource}/${_id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...input, ...change }),
  })
  if (!response.ok) throw new Error(`PUT ${resource}: ${response.status} ${await response.text()}`)
}

/** A product none of the pages links to, to write to "elsewhere in the catalogue". */
export async function productShownNowhere(address: string, pages: readonly string[]): Promise<Entity> {
  const html = await Promise.all(
    pages.map(async (url) => (await fetch(`${address}${url}`, { headers: { accept: 'text/html' } })).text()),
  )
  for (let page = 1; ; page++) {
    const list = await json<{ data: { items: Entity[] } }>(`${address}/api/products?page=${page}&limit=9`)
    if (list.data.items.length === 0) throw new Error('every product is on one of the pages')
    const hidden = list.data.items.find((item) => !html.some((body) => body.includes(item._id)))
    if (hidden) return (await json<{ data: Entity }>(`${address}/api/products/${hidden._id}`)).data
  }
}

/**
 * A write to what the home page shows besides its random picture: the business details in its
 * footer (the legal name, alternating).
 */
export function renameShop(address: string) {
  return async (round: number) => {
    const details = Object.fromEntries(BUSINESS_DETAIL_FIELDS.map((field) => [field, '']))
    const response = await fetch(`${address}/api/admin/shop/details`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...details, legalName: `תבלין בע"מ${round % 2 ? '' : ' ·'}` }),
    })
    if (!response.ok) throw new Error(`PUT shop details: ${response.status} ${await response.text()}`)
    return { changesPage: true }
  }
}
