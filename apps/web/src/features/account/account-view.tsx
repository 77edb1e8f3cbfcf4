import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { AddressesSection } from './addresses-section'
import { ClaimSection } from './claim-section'
import { DeleteSection } from './delete-section'
import { FavouritesSection } from './favourites-section'
import { OrdersSection } from './orders-section'
import { ProfileSection } from './profile-section'

type AccountViewProps = {
  orderHref: (orderId: string) => string
  onDeleted: () => void
}

/** The sections of "החשבון שלי", in the order a shopper looks for them. */
export function AccountView({ orderHref, onDeleted }: AccountViewProps) {
  const { hash } = useLocation()
  // The header's "ההזמנות שלי" is /account#orders: the section is there once the page has rendered.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView()
  }, [hash])
  return (
    <div className="grid gap-6">
      <OrdersSection orderHref={orderHref} />
      <FavouritesSection />
      <ProfileSection />
      <AddressesSection />
      <ClaimSection />
      <DeleteSection onDeleted={onDeleted} />
    </div>
  )
}
