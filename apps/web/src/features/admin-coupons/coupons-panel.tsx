import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { COUPON_CATEGORIES, formatShekels, type Coupon } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { couponQueries, useSaveCoupon } from '../../api/coupons'
import { linkButtonClass, tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { useApiErrorText, useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'
import { CouponForm } from './coupon-form'
import { inputOf } from './coupon-draft'
import { WelcomeCouponForm } from './welcome-coupon-form'

const COLUMNS = ['code', 'discount', 'conditions', 'validity', 'uses', 'active', 'actions'] as const

/** The admin's coupons (issue 19): the list with its uses, the form, the on/off switch. */
export function CouponsPanel() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const list = useQuery(couponQueries.list())
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null)
  if (editing)
    return <CouponForm coupon={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
  return (
    <div className="flex flex-col gap-4">
      <button type="button" onClick={() => setEditing('new')} className={`${submitButtonClass} self-start`}>
        {t('admin.coupons.add')}
      </button>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('admin.coupons.loadError', { message: errorText(list.error) })}</p>
      ) : list.data.items.length === 0 ? (
        <p className="text-muted">{t('admin.coupons.empty')}</p>
      ) : (
        <div className={tableWrapClass}>
          <table className={tableClass}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={thClass}>
                    {t(`admin.coupons.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((coupon) => (
                <CouponRow key={coupon._id} coupon={coupon} onEdit={() => setEditing(coupon)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <WelcomeCouponForm />
    </div>
  )
}

function CouponRow({ coupon, onEdit }: { coupon: Coupon; onEdit: () => void }) {
  const { t } = useTranslation()
  const save = useSaveCoupon()
  const saveErrorToast = useSaveErrorToast()
  const toggle = () =>
    save.mutate(
      { id: coupon._id, input: inputOf(coupon, !coupon.active) },
      {
        onSuccess: (saved) =>
          toast.success(t(saved.active ? 'admin.coupons.switchedOn' : 'admin.coupons.switchedOff', saved)),
        onError: saveErrorToast,
      },
    )
  return (
    <tr>
      <th scope="row" className={`${tdClass} text-start font-mono`} dir="ltr">
        {coupon.code}
      </th>
      <td className={tdClass}>
        {coupon.kind === 'percent'
          ? t('admin.coupons.percentOff', { value: coupon.value })
          : t('admin.coupons.amountOff', { amount: formatShekels(coupon.value) })}
      </td>
      <td className={tdClass}>{conditionsOf(coupon, t).join(' · ')}</td>
      <td className={tdClass}>{validityOf(coupon, t)}</td>
      <td className={tdClass}>
        {coupon.usageLimit === null
          ? t('admin.coupons.usesUnlimited', { used: coupon.usedCount })
          : t('admin.coupons.usesOf', { used: coupon.usedCount, limit: coupon.usageLimit })}
      </td>
      <td className={tdClass}>{coupon.active ? t('admin.coupons.yes') : t('admin.coupons.no')}</td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <button
          type="button"
          onClick={onEdit}
          className={linkButtonClass}
          aria-label={`${t('admin.coupons.edit')} ${coupon.code}`}
        >
          {t('admin.coupons.edit')}
        </button>
        <button
          type="button"
          onClick={toggle}
          disabled={save.isPending}
          className={`${linkButtonClass} ms-3`}
          aria-label={`${t(coupon.active ? 'admin.coupons.switchOff' : 'admin.coupons.switchOn')} ${coupon.code}`}
        >
          {t(coupon.active ? 'admin.coupons.switchOff' : 'admin.coupons.switchOn')}
        </button>
      </td>
    </tr>
  )
}

type T = ReturnType<typeof useTranslation>['t']

function conditionsOf(coupon: Coupon, t: T): string[] {
  const names = coupon.categories.map(
    (name) => COUPON_CATEGORIES.find((category) => category.nameInEnglish === name)?.nameInHebrew ?? name,
  )
  return [
    ...(coupon.minimumOrder !== null
      ? [t('admin.coupons.minimum', { amount: formatShekels(coupon.minimumOrder) })]
      : []),
    ...(coupon.freeShipping ? [t('admin.coupons.freeShipping')] : []),
    ...(coupon.onePerCustomer ? [t('admin.coupons.onePerCustomer')] : []),
    ...(names.length > 0 ? [t('admin.coupons.categoriesOnly', { categories: names.join(', ') })] : []),
  ]
}

function validityOf(coupon: Coupon, t: T): string {
  const parts = [
    ...(coupon.startsOn ? [t('admin.coupons.from', { date: coupon.startsOn })] : []),
    ...(coupon.endsOn ? [t('admin.coupons.until', { date: coupon.endsOn })] : []),
  ]
  return parts.length > 0 ? parts.join(' ') : t('admin.coupons.always')
}
