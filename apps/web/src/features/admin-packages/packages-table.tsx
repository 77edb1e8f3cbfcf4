import { useTranslation } from '../../lib/i18n'
import { PAGE_SIZES } from '@tavlin/contracts'
import { packageQueries, useDeletePackage } from '../../api/packages'
import { AdminCatalogTable } from '../../components/ui/admin-catalog-table'
import { Price } from '../../components/commerce/price'
import { StockCount } from '../../components/commerce/stock-count'

type PackagesTableProps = {
  onAdd: () => void
  onEdit: (packageId: string) => void
}

/** The admin package list (spec §2): its own Hebrew headings, 20 a page, prices in ₪, edit and delete. */
export function PackagesTable({ onAdd, onEdit }: PackagesTableProps) {
  const { t } = useTranslation()
  const remove = useDeletePackage()
  return (
    <AdminCatalogTable
      listQuery={(page) => packageQueries.list({ page, limit: PAGE_SIZES.admin })}
      caption={t('admin.packages.title')}
      nameHeader={t('admin.packages.name')}
      addLabel={t('admin.packages.add')}
      deleteItem={(id) => remove.mutateAsync(id)}
      deleteMessages={{ success: t('admin.packages.deleteSuccess'), error: t('admin.packages.deleteError') }}
      onAdd={onAdd}
      onEdit={onEdit}
      columns={[
        {
          header: t('admin.packages.price'),
          dir: 'ltr',
          cell: (pkg) => <Price amount={pkg.price} />,
        },
        {
          header: t('admin.stock.field'),
          cell: (pkg) => <StockCount stock={pkg.stock} />,
        },
        { header: t('admin.packages.peoplesQuantity'), cell: (pkg) => pkg.peoplesQuantity },
        { header: t('admin.packages.ingredientsQuantity'), cell: (pkg) => pkg.ingredientsQuantity },
      ]}
    />
  )
}
