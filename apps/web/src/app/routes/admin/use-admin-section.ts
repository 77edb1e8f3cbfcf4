import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * Spec §2 admin sections, the submissions and activity log of issue 6, the dashboard of
 * issue 21, coupons and delivery methods of issue 19.
 */
export const ADMIN_SECTIONS = [
  'dashboard',
  'products',
  'recipes',
  'packages',
  'orders',
  'cancellations',
  'coupons',
  'delivery',
  'stock',
  'reviews',
  'add-product',
  'edit-product',
  'add-recipe',
  'edit-recipe',
  'add-package',
  'edit-package',
  'submissions',
  'activity',
  'settings',
  'legal-pages',
  'privacy',
] as const
export type AdminSection = (typeof ADMIN_SECTIONS)[number]

export const DEFAULT_SECTION: AdminSection = 'products'

function isSection(value: string | null): value is AdminSection {
  return (ADMIN_SECTIONS as readonly (string | null)[]).includes(value)
}

const isEditSection = (section: AdminSection) => section.includes('edit')

/** `/admin?section=edit-product&id=…` for a section (and, for edit sections, its target). */
export function adminSearch(section: AdminSection, editId?: string | null): string {
  const params = new URLSearchParams({ section })
  if (isEditSection(section) && editId) params.set('id', editId)
  return `?${params.toString()}`
}

/**
 * The admin's active section lives in the address, so reload and back/forward work.
 * Sections whose name contains "edit" keep the edit target; any other clears it (spec §3).
 */
export function useAdminSection() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('section')
  const section = isSection(raw) ? raw : DEFAULT_SECTION
  const editId = isEditSection(section) ? params.get('id') : null

  const go = useCallback(
    (next: AdminSection, target?: string) => {
      // Each move is a history entry: back returns to the list the admin came from.
      setParams(new URLSearchParams(adminSearch(next, target ?? editId)))
    },
    [editId, setParams],
  )

  return { section, editId, go }
}
