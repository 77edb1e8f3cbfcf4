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

describe('the social pages in פרטי העסק', { timeout: 40_000 }, () => {
  it('takes https addresses only, in Hebrew, and saves them with the details', async () => {
    const api = fakeApi({
      'GET /api/config': () => configResponse(),
      'GET /api/admin/shop/details': () =>
        ok({
          saved: { ...saved, facebookUrl: 'https://www.facebook.com/tavlin' },
          missing: [],
          updatedAt: null,
        }),
      'GET /api/admin/shop/checkout': () => ok({ mobilePhoneOnly: false }),
      'PUT /api/admin/shop/details': (call) => ok({ saved: call.body, missing: [], updatedAt: null }),
    })
    const { user } = renderApp('/admin?section=settings')
    const instagram = await screen.findByLabelText('עמוד האינסטגרם של החנות', {}, { timeout: 30_000 })
    const facebook = screen.getByLabelText('עמוד הפייסבוק של החנות')
    await waitFor(() => expect(facebook).toHaveValue('https://www.facebook.com/tavlin'))
    expect(instagram).toHaveAccessibleDescription(
      'כתובת מלאה שמתחילה ב־https://. שדה ריק: אין קישור בתחתית האתר.',
    )

    await user.type(instagram, 'instagram.com/tavlin')
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(await screen.findByText('נא להזין כתובת מלאה שמתחילה ב־https://')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/admin/shop/details')).toHaveLength(0)

    await user.clear(instagram)
    await user.type(instagram, 'https://www.instagram.com/tavlin')
    await user.clear(facebook)
    await user.click(screen.getByRole('button', { name: 'שמירה' }))
    await waitFor(() => expect(api.callsTo('PUT /api/admin/shop/details')).toHaveLength(1))
    expect(api.callsTo('PUT /api/admin/shop/details')[0]!.body).toMatchObject({
      instagramUrl: 'https://www.instagram.com/tavlin',
      facebookUrl: '',
    })
  })
})
