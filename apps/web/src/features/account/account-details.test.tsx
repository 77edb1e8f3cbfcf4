import { screen, waitFor, within } from '@testing-library/react'
import { expectLabelsInNames } from '../../testing/label-in-name'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import translations from '../../../public/locales/he/translation.json'
import { useAuthStore } from '../auth/auth-store'
import { useCartStore } from '../../stores/cart-store'
import { useCartUiStore } from '../../stores/cart-ui-store'
import { fakeOidc } from '../../testing/fake-oidc-client'
import { fail, ok } from '../../testing/fake-api'
import { renderApp } from '../../testing/render'
import { WORK, accountApi, home, profile, signedIn, work } from '../../testing/account-data'

// The edge of the system: the OIDC library and the network. Page, api client, stores run for real.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))

const T = translations.account

beforeEach(() => {
  fakeOidc.reset()
  sessionStorage.clear()
  useAuthStore.reset()
  useCartStore.setState({ lines: [] })
  useCartUiStore.setState({ isOpen: false })
})
afterEach(() => {
  vi.restoreAllMocks()
})

// The sections load in a second step after the page (account-page.tsx).
const section = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 })

describe('פרטים אישיים', () => {
  it('keeps the consent unticked unless the server says it is on, and saves names, phone and consent', async () => {
    signedIn()
    const api = accountApi({
      'PUT /api/account': (call) => ok({ ...profile(), ...(call.body as object) }),
    })
    const { user } = renderApp('/account')
    const details = await section(T.profile.title)
    const consent = await within(details).findByRole('checkbox', {
      name: translations.legal.consent.marketing,
    })
    expect(consent).not.toBeChecked()
    expect(within(details).getByLabelText(translations.checkout.firstName)).toHaveValue('דנה')

    await user.type(within(details).getByLabelText(/טלפון/), '050-1234567')
    await user.click(consent)
    await user.click(within(details).getByRole('button', { name: T.profile.save }))
    await waitFor(() => expect(api.callsTo('PUT', '/api/account')).toHaveLength(1))
    expect(api.callsTo('PUT', '/api/account')[0]?.body).toEqual({
      firstName: 'דנה',
      lastName: 'לוי',
      phone: '0501234567',
      marketingConsent: true,
    })
  })

  it('shows a ticked consent when it is on, and an empty phone is sent as none', async () => {
    signedIn()
    const api = accountApi({
      'GET /api/account': () => ok(profile({ marketingConsent: true, phone: '0501234567' })),
      'PUT /api/account': (call) => ok({ ...profile(), ...(call.body as object) }),
    })
    const { user } = renderApp('/account')
    const details = await section(T.profile.title)
    expect(
      await within(details).findByRole('checkbox', { name: translations.legal.consent.marketing }),
    ).toBeChecked()
    await user.clear(within(details).getByLabelText(/טלפון/))
    await user.click(within(details).getByRole('button', { name: T.profile.save }))
    await waitFor(() => expect(api.callsTo('PUT', '/api/account')).toHaveLength(1))
    expect(api.callsTo('PUT', '/api/account')[0]?.body).toMatchObject({ phone: null, marketingConsent: true })
  })

  it('hints when the e-mail is not confirmed, and says so in Hebrew when consent is refused for it', async () => {
    signedIn()
    accountApi({
      'GET /api/account': () => ok(profile({ emailVerified: false })),
      'PUT /api/account': () => fail(403, 'EMAIL_NOT_VERIFIED'),
    })
    const { user } = renderApp('/account')
    const details = await section(T.profile.title)
    expect(await within(details).findByText(T.profile.emailNotVerified)).toBeInTheDocument()
    await user.click(within(details).getByRole('checkbox', { name: translations.legal.consent.marketing }))
    await user.click(within(details).getByRole('button', { name: T.profile.save }))
    expect(await within(details).findByText(translations.errors.api.EMAIL_NOT_VERIFIED)).toBeInTheDocument()
  })
})

describe('כתובות', () => {
  it("adds an address; the server's unknown city goes under the city field in Hebrew", async () => {
    signedIn()
    const api = accountApi({
      'POST /api/account/addresses': () =>
        fail(400, 'VALIDATION_ERROR', [{ field: 'body.city', message: 'validation.cityUnknown' }]),
    })
    const { user } = renderApp('/account')
    const addresses = await section(T.addresses.title)
    await user.click(await within(addresses).findByRole('button', { name: T.addresses.add }))
    const form = within(addresses).getByRole('form', { name: T.addresses.addTitle })
    await user.type(within(form).getByLabelText(translations.checkout.street), 'הגפן')
    await user.type(within(form).getByLabelText(translations.checkout.streetNum), '5')
    // A real locality passes the page's own check; the server still refuses it here.
    await user.type(within(form).getByRole('combobox', { name: translations.checkout.city }), 'חיפה')
    await user.click(within(form).getByRole('button', { name: T.addresses.save }))
    await waitFor(() => expect(api.callsTo('POST', '/api/account/addresses')).toHaveLength(1))
    expect(await within(form).findByText(translations.validation.cityUnknown)).toBeInTheDocument()
  })

  it('says in Hebrew when the limit of addresses is reached', async () => {
    signedIn()
    accountApi({ 'POST /api/account/addresses': () => fail(409, 'ADDRESS_LIMIT_REACHED') })
    const { user } = renderApp('/account')
    const addresses = await section(T.addresses.title)
    await user.click(await within(addresses).findByRole('button', { name: T.addresses.add }))
    const form = within(addresses).getByRole('form', { name: T.addresses.addTitle })
    await user.type(within(form).getByLabelText(translations.checkout.street), 'הגפן')
    await user.type(within(form).getByLabelText(translations.checkout.streetNum), '5')
    await user.type(within(form).getByRole('combobox', { name: translations.checkout.city }), 'חיפה')
    await user.click(within(form).getByRole('button', { name: T.addresses.save }))
    expect(await within(form).findByText(translations.errors.api.ADDRESS_LIMIT_REACHED)).toBeInTheDocument()
  })

  it('edits, makes default and deletes (after confirming)', async () => {
    signedIn()
    const api = accountApi({
      'PUT /api/account/addresses/:id': (call) => ok({ ...work, ...(call.body as object) }),
      'POST /api/account/addresses/:id/default': () => ok({ items: [home, work] }),
      'DELETE /api/account/addresses/:id': () => ok({ items: [home] }),
    })
    const { user } = renderApp('/account')
    const addresses = await section(T.addresses.title)
    const line = 'ויצמן 3, תל אביב-יפו'

    const edit = await within(addresses).findByRole('button', { name: `עריכה: הכתובת ${line}` })
    expectLabelsInNames(addresses)
    await user.click(edit)
    const form = within(addresses).getByRole('form', { name: T.addresses.editTitle })
    const street = within(form).getByLabelText(translations.checkout.street)
    expect(street).toHaveValue('ויצמן')
    await user.clear(street)
    await user.type(street, 'ויצמן החדש')
    await user.click(within(form).getByRole('button', { name: T.addresses.save }))
    await waitFor(() => expect(api.callsTo('PUT', `/api/account/addresses/${WORK}`)).toHaveLength(1))
    expect(api.callsTo('PUT', `/api/account/addresses/${WORK}`)[0]?.body).toMatchObject({
      street: 'ויצמן החדש',
      city: 'תל אביב-יפו',
      label: 'עבודה',
    })

    await user.click(within(addresses).getByRole('button', { name: `קביעה כברירת מחדל: הכתובת ${line}` }))
    await waitFor(() => expect(api.callsTo('POST', `/api/account/addresses/${WORK}/default`)).toHaveLength(1))

    await user.click(within(addresses).getByRole('button', { name: `מחיקה: הכתובת ${line}` }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: translations.admin.confirm.confirm }))
    await waitFor(() => expect(api.callsTo('DELETE', `/api/account/addresses/${WORK}`)).toHaveLength(1))
  })
})

describe('הזמנות קודמות כאורח', () => {
  it('links the guest orders and says how many', async () => {
    signedIn()
    accountApi({ 'POST /api/account/claim-orders': () => ok({ claimed: 2 }) })
    const { user } = renderApp('/account')
    const claim = await section(T.claim.title)
    await user.click(within(claim).getByRole('button', { name: T.claim.button }))
    expect(await within(claim).findByText('2 הזמנות צורפו לחשבון.')).toBeInTheDocument()
  })

  it('says the e-mail must be confirmed first (403 EMAIL_NOT_VERIFIED)', async () => {
    signedIn()
    accountApi({ 'POST /api/account/claim-orders': () => fail(403, 'EMAIL_NOT_VERIFIED') })
    const { user } = renderApp('/account')
    const claim = await section(T.claim.title)
    await user.click(within(claim).getByRole('button', { name: T.claim.button }))
    expect(await within(claim).findByText(translations.errors.api.EMAIL_NOT_VERIFIED)).toBeInTheDocument()
  })
})
