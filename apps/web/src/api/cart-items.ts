/**
 * What a cart row shows of a product or package (spec §3: loaded item details), and its
 * stock: a product's per size, a package's own (issue 19).
 */
export type CartItemSummary = {
  _id: string
  name: string
  image: string
  pricing?: ReadonlyArray<{ size: { sizeName: string }; stock?: number | null | undefined }>
  stock?: number | null | undefined
}

/** The units left of a cart line's size or package, when fewer than the line asks for; else null. */
export function shortOf(
  item: CartItemSummary,
  line: { itemType: 'Product' | 'Package'; size: string; quantity: number },
): number | null {
  const left =
    line.itemType === 'Package'
      ? item.stock
      : item.pricing?.find((option) => option.size.sizeName === line.size)?.stock
  return left !== null && left !== undefined && left < line.quantity ? left : null
}
