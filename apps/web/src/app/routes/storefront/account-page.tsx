import { Suspense, lazy } from 'react'
import { useNavigate, useOutletContext, useParams } from 'react-router'
import { useTranslation } from '../../../lib/i18n'
import { usePageMeta } from '../../../hooks/use-page-meta'
import { paths } from '../../../config/paths'
import type { AccountOutletContext } from '../../../features/auth'
import { PageSpinner } from '../../../components/ui/spinner'
import { toast } from '../../../lib/notify'

// The sections (forms, schemas, the localities list) load in a second step: the first chunk's
// list of what to preload for this route stays short (decision 185: `/` must not grow).
const AccountView = lazy(() =>
  import('../../../features/account').then((module) => ({ default: module.AccountView })),
)
const AccountReviews = lazy(() =>
  import('../../../features/reviews').then((module) => ({ default: module.AccountReviews })),
)
const OrderDetail = lazy(() =>
  import('../../../features/account').then((module) => ({ default: module.OrderDetail })),
)

/**
 * "החשבון שלי" (issue 22) at /account, one order at /account/orders/:orderId, inside auth's
 * AccountGuard (the router's). Rendered in the browser only and never indexed (PRIVATE_PAGES).
 */
export function Component() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { forgetSession } = useOutletContext<AccountOutletContext>()
  const rest = useParams()['*'] ?? ''
  const orderId = /^orders\/([^/]+)\/?$/.exec(rest)?.[1]
  const isKnown = rest === '' || rest === 'orders' || rest === 'orders/' || orderId !== undefined
  usePageMeta({ title: t('pages.account.title'), isIndexable: false })

  const handleDeleted = () => {
    // The account is gone at the provider too: forget the tokens here, keep cart and theme.
    forgetSession()
    void navigate(paths.home, { replace: true })
    // Said on the page the shopper lands on: the account page itself is gone with the session.
    toast.success(t('account.delete.done'), { toastId: 'account-deleted' })
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 md:px-6 md:py-14">
      <h1 className="mb-8 text-3xl font-extrabold tracking-tight md:text-4xl">{t('pages.account.title')}</h1>
      <Suspense fallback={<PageSpinner />}>
        {!isKnown ? (
          <p role="alert">{t('errors.notFound.text')}</p>
        ) : orderId ? (
          <OrderDetail orderId={decodeURIComponent(orderId)} backHref={paths.accountOrders} />
        ) : (
          <>
            <AccountView orderHref={paths.accountOrder} onDeleted={handleDeleted} />
            <AccountReviews />
          </>
        )}
      </Suspense>
    </div>
  )
}
