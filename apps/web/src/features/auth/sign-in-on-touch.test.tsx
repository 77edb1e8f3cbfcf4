import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import translations from '../../../public/locales/he/translation.json'
import { fakeOidc, fakeUser, identityAnswer } from '../../testing/fake-oidc-client'
import { renderApp } from '../../testing/render'
import { useAuthStore } from './auth-store'

// The edge of the system: the OIDC library, the network and the device's pointer. The app
// (header, guard, store) runs for real.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))

const LOGIN = translations.auth.login

/** A device whose primary pointer is a finger (`coarse`) or a mouse, as matchMedia answers. */
function onDevice(pointer: 'coarse' | 'fine') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(pointer: ${pointer})`,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }))
}

/** The app opened at `path`: the router and the browser's address agree, as after a page load. */
function openAt(path: string) {
  window.history.replaceState(null, '', path)
  return renderApp(path)
}

beforeEach(() => {
  fakeOidc.reset()
  sessionStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => identityAnswer(input)),
  )
  useAuthStore.reset()
})
afterEach(() => {
  window.history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('signing in on a touch screen (decision 268)', () => {
  it('goes to the provider in this tab, remembering the page to come back to, and opens no popup', async () => {
    onDevice('coarse')
    const open = vi.spyOn(window, 'open')
    const { user } = openAt('/about?from=menu#team')
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: LOGIN }))

    await waitFor(() => expect(fakeOidc.signinRedirect).toHaveBeenCalledTimes(1))
    expect(fakeOidc.signinRedirect.mock.calls[0]?.[0]).toEqual({
      state: { returnTo: '/about?from=menu#team' },
    })
    expect(open).not.toHaveBeenCalled()
    expect(fakeOidc.popupArgs).toHaveLength(0)
    // The tab is leaving: a spinner in place of the button, not a second tap.
    expect(within(banner).queryByRole('button', { name: LOGIN })).not.toBeInTheDocument()
  })

  it("asks for the admin area's page from /admin and comes back to /admin", async () => {
    onDevice('coarse')
    const { user } = openAt('/admin')
    const main = await screen.findByRole('main')
    await user.click(await within(main).findByRole('button', { name: translations.auth.adminSignIn.button }))

    await waitFor(() => expect(fakeOidc.signinRedirect).toHaveBeenCalledTimes(1))
    expect(fakeOidc.signinRedirect.mock.calls[0]?.[0]).toEqual({
      state: { returnTo: '/admin' },
      extraQueryParams: { resource: 'urn:tavlin:api', ui_area: 'admin' },
    })
  })

  it('brings the button back when the provider cannot be reached, with the Hebrew message', async () => {
    onDevice('coarse')
    fakeOidc.signinRedirect.mockRejectedValueOnce(new Error('network'))
    const { user } = openAt('/about')
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: LOGIN }))
    expect(await screen.findByText(translations.auth.loginFailed)).toBeInTheDocument()
    expect(within(banner).getByRole('button', { name: LOGIN })).toBeEnabled()
  })

  it('keeps the popup with a mouse: this page stays where it is', async () => {
    onDevice('fine')
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser([])
    const { user } = openAt('/about')
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: LOGIN }))
    expect(await within(banner).findByRole('button', { name: 'cook@example.com' })).toBeInTheDocument()
    expect(fakeOidc.popupArgs).toHaveLength(1)
    expect(fakeOidc.signinRedirect).not.toHaveBeenCalled()
  })
})
