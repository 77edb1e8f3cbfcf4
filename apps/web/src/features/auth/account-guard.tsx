import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { useAuthStore } from './auth-store'

/** What the guarded pages get through `useOutletContext`, so their chunk never imports the auth store. */
export type AccountOutletContext = {
  /** The account was deleted: forget the tokens here (cart and theme stay), with no toast. */
  forgetSession: () => void
}

const context: AccountOutletContext = { forgetSession: () => useAuthStore.getState().signOutLocally(null) }

/**
 * The element of /account (issue 22): a spinner while auth loads; a signed-out visitor is sent
 * to the shop's sign-in in this tab and comes back to the same address (the provider's e-mail
 * confirmation links here too). Display only: the API answers 401 without a token. It sits in
 * the router, not in the page's chunk: a lazy chunk that imports the auth store makes the
 * bundler split shared modules out of the first chunk (decision 185: `/` must not grow).
 */
export function AccountGuard() {
  const status = useAuthStore((state) => state.status)
  const { pathname, search, hash } = useLocation()

  useEffect(() => {
    const auth = useAuthStore.getState()
    if (status === 'idle') void auth.ensureSession()
    // Once: the page is left for the provider (the address does not change before that).
    if (status === 'signedOut') void auth.loginRedirect(pathname + search + hash)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address at the time of the verdict
  }, [status])

  return status === 'signedIn' ? <Outlet context={context} /> : <PageSpinner />
}
