import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUSINESS_DETAIL_FIELDS, DEFAULT_CUSTOMER_MAIL_SETTINGS, SOCIAL_LINK_FIELDS } from '@tavlin/contracts'
import { fail, fakeApi, ok } from '../../testing/fake-admin-api'
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

describe("the shopper's order mails in פרטי העסק (issue 41)", { timeout: 20_000 }, () => {
  function shop(put: (call: { body: unknown }) => Response) {
    return fakeApi({
      'GET /api/config': () => configResponse(),
      'GET /api/admin/shop/details': () => ok({ saved, missing: [], updatedAt: null }),
      'GET /api/admin/shop/checkout': () => ok({ mobilePhoneOnly: false }),
      'GET /api/admin/shop/customer-mails': () => ok({ ...DEFAULT_CUSTOMER_MAIL_SETTINGS, delivered: false }),
      'PUT /api/admin/shop/customer-mails': put,
    })
  }

  it('shows each step as saved, and saves the owner switching one off', async () => {
    const api = shop((call) => ok(call.body))
    const { user } = renderApp('/admin?section=settings')
    const shipped = await screen.findByRole('checkbox', { name: /ההזמנה נשלחה/ }, { timeout: 15_000 })
    await waitFor(() => expect(shipped).toBeEnabled())
    expect(shipped).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'ההזמנה נמסרה' })).not.toBeChecked()
    expect(shipped).toHaveAccessibleDescription(/אישור ההזמנה נשלח תמיד/)

    await user.click(shipped)
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות ההודעות' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/shop/customer-mails')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/shop/customer-mails')[0]!.body).toEqual({
      ...DEFAULT_CUSTOMER_MAIL_SETTINGS,
      delivered: false,
      shipped: false,
    })
    expect(await screen.findByText('הגדרות ההודעות ללקוח נשמרו')).toBeInTheDocument()
  })

  it('says so in Hebrew when saving fails', async () => {
    shop(() => fail(400, 'VALIDATION_ERROR', 'Invalid request', [{ field: 'body.shipped', message: 'x' }]))
    const { user } = renderApp('/admin?section=settings')
    const box = await screen.findByRole('checkbox', { name: /בוצע זיכוי/ }, { timeout: 15_000 })
    await waitFor(() => expect(box).toBeEnabled())
    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'שמירת הגדרות ההודעות' }))
    expect(await screen.findByText(/השמירה נכשלה/)).toBeInTheDocument()
  })
})
