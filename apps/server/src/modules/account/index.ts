// The account module's entry: what other modules may use (decision 186). Nothing uses it
// yet; the ports are what identity implements for the built-in provider (issue 22).
export type { AccountService, DeleteLocalAccount, IsLocalAccount, Shopper } from './account.service.js'
export type { AddressesService } from './account-addresses.service.js'
export type { FavouritesService } from './account-favourites.service.js'
