import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '../auth/auth-store'
import { fakeOidc } from '../../testing/fake-oidc-client'
import { fakeApi, ok, packageFixture, productFixture, publicConfig } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import {
  BOX,
  CUMIN,
  endCheckout,
  field,
  findField,
  standardCatalog,
  startCheckout,
} from '../../testing/checkout-fixtures'
import { home, profile, signedIn, work } from '../../testing/account-data'

// The edge of the system: the OIDC library and the network.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))

function shopWithAccount() {
  return fakeApi({
    'GET /api/config': () => ok(publicConfig),
    'GET /api/delivery': () => ok(standardCatalog),
    [`GET /api/products/${CUMIN}`]: () => ok(productFixture(CUMIN, 'כמון טחון', 12.9)),
    [`GET /api/packages/${BOX}`]: () => ok(packageFixture(BOX, 'מארז אינג׳רה', 149)),
    'GET /api/account': () => ok(profile({ phone: '0501234567' })),
    'GET /api/account/addresses': () => ok({ items: [work, home] }),
  })
}

beforeEach(() => {
  fakeOidc.reset()
  useAuthStore.reset()
  startCheckout()
})
afterEach(endCheckout)

describe('checkout for a signed-in shopper', { timeout: 15_000 }, () => {
  it('pre-fills name, e-mail, phone and the default address, offers the saved ones, and all stays editable', async () => {
    signedIn()
    shopWithAccount()
    const { user } = renderApp('/checkout')
    await waitFor(async () => expect(await findField('שם פרטי')).toHaveValue('דנה'))
    expect(field('שם משפחה')).toHaveValue('לוי')
    expect(field('דוא״ל')).toHaveValue('dana@example.com')
    expect(field('טלפון')).toHaveValue('0501234567')
    await waitFor(() => {
      expect(field('רחוב')).toHaveValue('הרצל')
      expect(field('מספר בית')).toHaveValue('10')
      expect(field('עיר')).toHaveValue('תל אביב-יפו')
    })

    const saved = field('כתובת שמורה')
    await user.selectOptions(
      saved,
      within(saved).getByRole('option', { name: 'עבודה: ויצמן 3, תל אביב-יפו' }),
    )
    await waitFor(() => {
      expect(field('רחוב')).toHaveValue('ויצמן')
      expect(field('מספר בית')).toHaveValue('3')
    })

    await user.clear(field('שם פרטי'))
    await user.type(field('שם פרטי'), 'נועה')
    expect(field('שם פרטי')).toHaveValue('נועה')
  })

  it('asks a guest for nothing of the account and offers no saved addresses', async () => {
    const api = shopWithAccount()
    renderApp('/checkout')
    expect(await findField('שם פרטי')).toHaveValue('')
    await screen.findByText('189.80 ₪')
    expect(screen.queryByLabelText('כתובת שמורה')).not.toBeInTheDocument()
    expect(api.calls.filter((call) => call.path.startsWith('/api/account'))).toHaveLength(0)
  })
})
