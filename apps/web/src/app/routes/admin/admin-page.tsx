import { useEffect, useRef } from 'react'
import type { ParseKeys } from '../../../lib/i18n'
import { useTranslation } from '../../../lib/i18n'
import { AdminShell, type AdminMenuItem } from '../../../components/layout/admin-shell'
import { ActivityLog } from '../../../features/admin-activity'
import { DashboardPanel } from '../../../features/admin-dashboard'
import { PaymentsSandboxBanner } from '../../../features/admin-notices'
import { OrdersTable, OrdersWithoutDocument } from '../../../features/admin-orders'
import { CancellationsInbox } from '../../../features/admin-cancellations'
import { CouponsPanel } from '../../../features/admin-coupons'
import { DeliveryPanel } from '../../../features/admin-delivery'
import { StockPanel } from '../../../features/admin-stock'
import { ReviewsPanel } from '../../../features/admin-reviews'
import { PackageEditor, PackageForm, PackagesTable } from '../../../features/admin-packages'
import { ProductEditor, ProductForm, ProductsTable } from '../../../features/admin-products'
import { RecipeEditor, RecipeForm, RecipesTable } from '../../../features/admin-recipes'
import { SubmissionsPanel } from '../../../features/admin-submissions'
import {
  BusinessDetailsForm,
  CheckoutSettingsForm,
  CustomerMailsForm,
  CartRemindersForm,
  LegalPagesEditor,
  PaymentOptionsForm,
  MissingDetailsNotice,
} from '../../../features/admin-shop-settings'
import { DeletionRequestsPanel } from '../../../features/admin-privacy'
import { usePageMeta } from '../../../hooks/use-page-meta'
import { useStackedTableLabels } from '../../../components/ui/stacked-table-labels'
import { adminSearch, useAdminSection, type AdminSection } from './use-admin-section'

const MENU: ReadonlyArray<{
  section: AdminSection
  labelKey: ParseKeys
  alsoActiveFor: readonly AdminSection[]
}> = [
  // First in the menu, yet not the default section: spec §2 opens the admin area on products.
  { section: 'dashboard', labelKey: 'admin.menu.dashboard', alsoActiveFor: [] },
  { section: 'products', labelKey: 'admin.menu.products', alsoActiveFor: ['edit-product'] },
  { section: 'recipes', labelKey: 'admin.menu.recipes', alsoActiveFor: ['edit-recipe'] },
  { section: 'packages', labelKey: 'admin.menu.packages', alsoActiveFor: ['edit-package'] },
  { section: 'orders', labelKey: 'admin.menu.orders', alsoActiveFor: [] },
  { section: 'cancellations', labelKey: 'cancellation.inbox.title', alsoActiveFor: [] },
  { section: 'coupons', labelKey: 'admin.menu.coupons', alsoActiveFor: [] },
  { section: 'delivery', labelKey: 'admin.menu.delivery', alsoActiveFor: [] },
  { section: 'stock', labelKey: 'admin.menu.stock', alsoActiveFor: [] },
  { section: 'reviews', labelKey: 'admin.menu.reviews', alsoActiveFor: [] },
  { section: 'add-product', labelKey: 'admin.menu.addProduct', alsoActiveFor: [] },
  { section: 'add-package', labelKey: 'admin.menu.addPackage', alsoActiveFor: [] },
  { section: 'add-recipe', labelKey: 'admin.menu.addRecipe', alsoActiveFor: [] },
  { section: 'submissions', labelKey: 'admin.menu.submissions', alsoActiveFor: [] },
  { section: 'activity', labelKey: 'admin.menu.activity', alsoActiveFor: [] },
  { section: 'settings', labelKey: 'admin.menu.settings', alsoActiveFor: [] },
  { section: 'legal-pages', labelKey: 'admin.menu.legalPages', alsoActiveFor: [] },
  { section: 'privacy', labelKey: 'admin.menu.privacy', alsoActiveFor: [] },
]

const TITLES: Record<AdminSection, ParseKeys> = {
  dashboard: 'admin.sectionTitles.dashboard',
  products: 'admin.sectionTitles.products',
  recipes: 'admin.sectionTitles.recipes',
  packages: 'admin.sectionTitles.packages',
  orders: 'admin.sectionTitles.orders',
  cancellations: 'cancellation.inbox.title',
  coupons: 'admin.sectionTitles.coupons',
  delivery: 'admin.sectionTitles.delivery',
  stock: 'admin.sectionTitles.stock',
  reviews: 'admin.sectionTitles.reviews',
  'add-product': 'admin.sectionTitles.addProduct',
  'edit-product': 'admin.sectionTitles.editProduct',
  'add-recipe': 'admin.sectionTitles.addRecipe',
  'edit-recipe': 'admin.sectionTitles.editRecipe',
  'add-package': 'admin.sectionTitles.addPackage',
  'edit-package': 'admin.sectionTitles.editPackage',
  submissions: 'admin.sectionTitles.submissions',
  activity: 'admin.sectionTitles.activity',
  settings: 'admin.sectionTitles.settings',
  'legal-pages': 'admin.sectionTitles.legalPages',
  privacy: 'admin.sectionTitles.privacy',
}

/**
 * The admin dashboard (issue 6), loaded lazily with its own chunk. Composition only:
 * the section comes from the address and each feature reports back through callbacks.
 */
export function Component() {
  const { t } = useTranslation()
  const { section, editId, go } = useAdminSection()
  // Narrow admin tables stack as cards labelled with their column headings (decision 140).
  useStackedTableLabels()
  usePageMeta({ title: t('pages.admin.title'), isIndexable: false })

  // A section change replaces the whole panel: move focus to its heading so keyboard
  // and screen-reader users land on the new content, not on a vanished button.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const isFirstSection = useRef(true)
  useEffect(() => {
    if (isFirstSection.current) {
      isFirstSection.current = false
      return
    }
    headingRef.current?.focus()
  }, [section, editId])

  const items: AdminMenuItem[] = MENU.map((item) => ({
    key: item.section,
    label: t(item.labelKey),
    to: adminSearch(item.section),
    isActive: item.section === section || item.alsoActiveFor.includes(section),
  }))

  return (
    <AdminShell title={t('pages.admin.title')} items={items}>
      <PaymentsSandboxBanner />
      {section !== 'settings' && <MissingDetailsNotice settingsHref={adminSearch('settings')} />}
      <section aria-labelledby="admin-section-title" className="flex flex-col gap-4">
        <h2
          id="admin-section-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold focus:outline-none"
        >
          {t(TITLES[section])}
        </h2>
        <SectionContent section={section} editId={editId} go={go} />
      </section>
    </AdminShell>
  )
}

type SectionContentProps = ReturnType<typeof useAdminSection>

function SectionContent({ section, editId, go }: SectionContentProps) {
  const toProducts = () => go('products')
  const toRecipes = () => go('recipes')
  const toPackages = () => go('packages')

  switch (section) {
    case 'dashboard':
      return <DashboardPanel />
    case 'products':
      return <ProductsTable onAdd={() => go('add-product')} onEdit={(id) => go('edit-product', id)} />
    case 'add-product':
      return <ProductForm onDone={toProducts} onCancel={toProducts} />
    case 'edit-product':
      return editId ? (
        <ProductEditor productId={editId} onDone={toProducts} onCancel={toProducts} />
      ) : (
        <ProductsTable onAdd={() => go('add-product')} onEdit={(id) => go('edit-product', id)} />
      )
    case 'recipes':
      return <RecipesTable onAdd={() => go('add-recipe')} onEdit={(id) => go('edit-recipe', id)} />
    case 'add-recipe':
      return <RecipeForm onDone={toRecipes} onCancel={toRecipes} />
    case 'edit-recipe':
      return editId ? (
        <RecipeEditor recipeId={editId} onDone={toRecipes} onCancel={toRecipes} />
      ) : (
        <RecipesTable onAdd={() => go('add-recipe')} onEdit={(id) => go('edit-recipe', id)} />
      )
    case 'packages':
      return <PackagesTable onAdd={() => go('add-package')} onEdit={(id) => go('edit-package', id)} />
    case 'add-package':
      return <PackageForm onDone={toPackages} onCancel={toPackages} />
    case 'edit-package':
      return editId ? (
        <PackageEditor packageId={editId} onDone={toPackages} onCancel={toPackages} />
      ) : (
        <PackagesTable onAdd={() => go('add-package')} onEdit={(id) => go('edit-package', id)} />
      )
    case 'orders':
      return (
        <>
          <OrdersTable />
          <OrdersWithoutDocument />
        </>
      )
    case 'cancellations':
      return <CancellationsInbox />
    case 'coupons':
      return <CouponsPanel />
    case 'delivery':
      return <DeliveryPanel />
    case 'stock':
      return <StockPanel />
    case 'reviews':
      return <ReviewsPanel />
    case 'submissions':
      return <SubmissionsPanel />
    case 'activity':
      return <ActivityLog />
    case 'settings':
      return (
        <div className="flex flex-col gap-10">
          <BusinessDetailsForm />
          <CheckoutSettingsForm />
          <PaymentOptionsForm />
          <CustomerMailsForm />
          <CartRemindersForm />
        </div>
      )
    case 'legal-pages':
      return <LegalPagesEditor />
    case 'privacy':
      return <DeletionRequestsPanel />
  }
}
