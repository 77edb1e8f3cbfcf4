import { useParams } from 'react-router'
import { ItemReviews } from '../../../features/reviews/item-reviews'
import { PackageDetails } from '../../../features/catalog/package-details'

/** Both /packages/{id}/info and /packages/{id} (the cart's rows) show this page. */
export function Component() {
  const { packageId = '' } = useParams()
  return (
    <PackageDetails
      key={packageId}
      packageId={packageId}
      reviews={<ItemReviews item={{ itemType: 'Package', itemId: packageId }} />}
    />
  )
}
