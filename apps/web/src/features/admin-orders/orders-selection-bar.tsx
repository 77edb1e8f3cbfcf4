import { toast } from '../../lib/notify'
import { useTranslation } from '../../lib/i18n'
import { useShipOrders } from '../../api/admin-orders'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { useApiErrorText } from '../../hooks/use-api-error-text'

type Props = { selected: readonly string[]; onPrint: () => void; onClear: () => void }

/** What the packer does with the chosen orders: print their slips, then mark them sent. */
export function OrdersSelectionBar({ selected, onPrint, onClear }: Props) {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const ship = useShipOrders()
  const markShipped = () =>
    ship.mutate(selected, {
      onSuccess: (result) => {
        toast.success(t('admin.orders.shipped', { count: result.shipped.length }))
        if (result.skipped.length > 0)
          toast.info(t('admin.orders.notShipped', { count: result.skipped.length }))
        onClear()
      },
      onError: (error) => toast.error(t('admin.orders.shipError', { message: errorText(error) })),
    })
  return (
    <div
      role="group"
      aria-label={t('admin.orders.selectedActions')}
      className="flex flex-wrap items-center gap-3"
    >
      <span aria-live="polite">{t('admin.orders.selected', { count: selected.length })}</span>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={selected.length === 0}
        onClick={onPrint}
      >
        {t('admin.orders.printSlips')}
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={selected.length === 0 || ship.isPending}
        onClick={markShipped}
      >
        {t('admin.orders.markShipped')}
      </button>
    </div>
  )
}
