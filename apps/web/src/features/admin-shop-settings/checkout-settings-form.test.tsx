import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUSINESS_DETAIL_FIELDS, SOCIAL_LINK_FIELDS } from '@tavlin/contracts'
import { fakeApi, ok } from '../../testing/fake-admin-api'
import { renderApp } from '../../testing/render'
import { configResponse, fakeOidc, fakeUser, storeSessionHint } from '../../testing/fake-oidc-client'
import { useAuthStore } from '../auth/auth-store'

// The edge of the system: the OIDC library, holding an administrator's stored session.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))

beforeEach(() => {
  fakeOidc.reset()
  storeSessionHint()
  fakeOidc.storedUser = fakeUser(['Admin'])
  useAuthStore.reset()
})
afterEach(() => vi.restoreAllMocks())

const saved = Object.fromEntries(
  [...BUSINESS_DETAIL_FIELDS, ...SOCIAL_LINK_FIELDS].map((field) => [field, '']),
)

describe("the checkout's phone rule in פרטי העסק (decision 253)", { timeout: 20_000 }, () => {
  it('shows the saved rule, and saves "mobile only" when the owner ticks the couriers\' SMS', async () => {
    const api = fakeApi({
      'GET /api/config': () => configResponse(),
      'GET /api/admin/shop/details': () => ok({ saved, missing: [], updatedAt: null }),
      'GET /api/admin/shop/checkout': () => ok({ mobilePhoneOnly: false }),
      'PUT /api/admin/shop/checkout': (call) => ok(call.body),
    })
    const { user } = renderApp('/admin?section=settings')
    const box = await screen.findByRole(
      'checkbox',
      { name: /השליחים שולחים ללקוח מסרון/ },
      { timeout: 15_000 },
    )
    await waitFor(() => expect(box).toBeEnabled())
    expect(box).not.toBeChecked()
    expect(box).toHaveAccessibleDescription(/כל מספר טלפון \(קווי, נייד או מחו״ל\) של 10 תווים לפחות/)

    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרת הטלפון' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/shop/checkout')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/shop/checkout')[0]!.body).toEqual({ mobilePhoneOnly: true })
    expect(await screen.findByText('הגדרת הטלפון בקופה נשמרה')).toBeInTheDocument()
    expect(box).toBeChecked()
  })
})
