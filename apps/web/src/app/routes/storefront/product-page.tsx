import { useParams } from 'react-router'
import { ItemReviews } from '../../../features/reviews/item-reviews'
import { ProductDetails } from '../../../features/catalog/product-details'

/** Both /products/{id}/info and /products/{id} (the cart's rows) show this page. */
export function Component() {
  const { productId = '' } = useParams()
  return (
    <ProductDetails
      key={productId}
      productId={productId}
      reviews={<ItemReviews item={{ itemType: 'Product', itemId: productId }} />}
    />
  )
}
