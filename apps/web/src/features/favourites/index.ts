// Favourites (issue 36): the hearts themselves are components/commerce/favourite-button (the
// catalogue and the account both show them); this feature keeps the browser's list in step
// with the signed-in account's.
export { FavouritesSync } from './favourites-sync'
