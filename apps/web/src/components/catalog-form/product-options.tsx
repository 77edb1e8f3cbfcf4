/** The catalogue's products as options of a select (a recipe's ingredient, a package's contents). */
export function ProductOptions({
  products = [],
}: {
  products: ReadonlyArray<{ _id: string; name: string }> | undefined
}) {
  return products.map((product) => (
    <option key={product._id} value={product._id}>
      {product.name}
    </option>
  ))
}
