import { PACKAGE_SIZE } from '@tavlin/contracts'

/** How a size or a package is named in the stock lists: "ברברה (100 גרם)", or the package's name. */
export function stockItemLabel(item: { name: string; size: string }): string {
  return item.size === PACKAGE_SIZE ? item.name : `${item.name} (${item.size})`
}
