/** What a cart row shows of a product or package (spec §3: loaded item details). */
export type CartItemSummary = { _id: string; name: string; image: string }
