import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeOidc, fakeUser, identityAnswer, storeSessionHint } from '../../testing/fake-oidc-client'
import { POPUP_TARGET, SESSION_HINT_KEY, hasSessionHint } from './auth-common'
import { PopupError } from './popup-navigator'
import { currentAccessToken, useAuthStore } from './auth-store'

// The edge of the system: the OIDC library, and the network it and we talk to.
vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fakeOidc.reset()
  sessionStorage.clear()
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input) =>
    identityAnswer(input, { otherwise: () => new Response(null, { status: 200 }) }),
  )
  vi.stubGlobal('fetch', fetchMock)
  window.history.replaceState(null, '', '/')
  useAuthStore.reset()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const state = () => useAuthStore.getState()

describe('start', () => {
  it('leaves a visitor with no session alone: no library, no request', async () => {
    await state().start()
    expect(state().status).toBe('idle')
    expect(fakeOidc.managers).toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('restores a stored session, with the roles claim deciding admin and the token for the API', async () => {
    storeSessionHint()
    fakeOidc.storedUser = fakeUser(['Admin'])
    useAuthStore.reset()
    expect(state().status).toBe('loading')
    await state().start()
    expect(state()).toMatchObject({
      status: 'signedIn',
      isAdmin: true,
      claims: { email: 'cook@example.com' },
    })
    expect(currentAccessToken()).toBe('token-for-Admin')
    expect(fakeOidc.managers[0]?.settings).toMatchObject({
      authority: 'http://localhost:3000/oidc',
      client_id: 'tavlin-web',
    })
  })

  it('gives no token within 60 s of its expiry, and signs out a stored user that cannot be renewed', async () => {
    // Spec §9: the token's cache entry runs out 60 s before the token does.
    vi.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] })
    const now = 1_800_000_000
    useAuthStore.setState({ status: 'signedIn', accessToken: 'old', expiresAt: now + 61 })
    expect(currentAccessToken()).toBe('old')
    useAuthStore.setState({ expiresAt: now + 60 })
    expect(currentAccessToken()).toBeUndefined()
    vi.useRealTimers()

    storeSessionHint()
    fakeOidc.storedUser = fakeUser(['Admin'], { expires_at: Math.floor(Date.now() / 1000) - 1 })
    useAuthStore.reset()
    await state().start()
    expect(state().status).toBe('signedOut')
    expect(fakeOidc.storedUser).toBeNull()
  })

  it('finishes a redirect sign-in and asks for the path it started from', async () => {
    window.history.replaceState(null, '', '/recipes?code=abc&state=xyz')
    fakeOidc.callbackResult = { ...fakeUser([]), state: { returnTo: '/products?page=2' } }
    useAuthStore.reset()
    await state().start()
    expect(state()).toMatchObject({ status: 'signedIn', isAdmin: false, returnTo: '/products?page=2' })
  })

  it('falls back to the current path, never to another site, and reports a failed return', async () => {
    window.history.replaceState(null, '', '/recipes?code=abc&state=xyz')
    fakeOidc.callbackResult = { ...fakeUser([]), state: { returnTo: '//evil.example/' } }
    useAuthStore.reset()
    await state().start()
    expect(state().returnTo).toBe('/recipes')

    window.history.replaceState(null, '', '/recipes?error=access_denied&state=xyz')
    fakeOidc.callbackResult = new Error('access_denied')
    useAuthStore.reset()
    await state().start()
    expect(state()).toMatchObject({ status: 'signedOut', returnTo: '/recipes', notice: 'loginFailed' })
  })

  it('drops the sign-out answer from the address without loading the library', async () => {
    localStorage.setItem('oidc.s1', '{}')
    window.history.replaceState(null, '', '/?state=s1')
    useAuthStore.reset()
    await state().start()
    expect(state().returnTo).toBe('/')
    expect(localStorage.getItem('oidc.s1')).toBeNull()
    expect(fakeOidc.managers).toHaveLength(0)
  })
})

describe("a provider's session that outlived this tab's storage (a browser restart, a new tab)", () => {
  it('marks the browser on sign-in; with the tab storage gone, signs in silently at the provider', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser([])
    expect(await state().login()).toBe('signedIn')
    expect(hasSessionHint()).toBe(true)

    // The restart: sessionStorage (the library's user) is empty, the provider's cookie lives on.
    sessionStorage.clear()
    fakeOidc.storedUser = null
    fakeOidc.silentResult = fakeUser([])
    useAuthStore.reset()
    expect(state().status).toBe('loading')
    await state().start()
    expect(state()).toMatchObject({ status: 'signedIn', claims: { email: 'cook@example.com' }, notice: null })
    expect(fakeOidc.silentCalls).toBe(1)
  })

  it('forgets the mark when the provider has no session any more: signed out, no notice, no second try', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1')
    useAuthStore.reset()
    await state().start()
    expect(state()).toMatchObject({ status: 'signedOut', notice: null })
    expect(fakeOidc.silentCalls).toBe(1)
    expect(hasSessionHint()).toBe(false)

    useAuthStore.reset()
    await state().start()
    expect(state().status).toBe('idle')
    expect(fakeOidc.silentCalls).toBe(1)
  })
})

describe('login', () => {
  it('opens the popup synchronously when the library is preloaded', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser(['Admin'])
    state().preload()
    await vi.waitFor(() => expect(fakeOidc.managers).toHaveLength(1))
    await Promise.resolve()

    const outcome = state().login()
    // Still inside the click: the browser would block a window opened any later.
    expect(open).toHaveBeenCalledWith(undefined, POPUP_TARGET, expect.any(String))
    expect(state().isSigningIn).toBe(true)
    expect(await outcome).toBe('signedIn')
    expect(state()).toMatchObject({ status: 'signedIn', isAdmin: true, isSigningIn: false })
  })

  it('opens an empty named window in the click when the library is not loaded, which the library then takes over', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser([])
    const outcome = state().login()
    expect(open).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenLastCalledWith('', POPUP_TARGET, expect.stringContaining('width=400,height=600'))
    expect(await outcome).toBe('signedIn')
    expect(open).toHaveBeenLastCalledWith(undefined, POPUP_TARGET, expect.any(String))
    expect(state()).toMatchObject({ status: 'signedIn', isAdmin: false })
  })

  it('tells a closed popup from a blocked one', async () => {
    vi.spyOn(window, 'open').mockReturnValueOnce(null)
    expect(await state().login()).toBe('blocked')

    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = new PopupError('closed', 'Popup closed by user')
    expect(await state().login()).toBe('cancelled')
    fakeOidc.popupResult = new Error('invalid_grant')
    expect(await state().login()).toBe('failed')
    expect(state()).toMatchObject({ status: 'idle', isSigningIn: false })
  })
})

describe('organization (spec §5: the ID token names the configured organization)', () => {
  function withOrganization(organization: string) {
    fetchMock.mockImplementation(async (input) =>
      identityAnswer(input, {
        audienceParameter: 'audience',
        organization,
        otherwise: () => new Response(null, { status: 200 }),
      }),
    )
  }
  const inOrg = (claims: Record<string, unknown>) => {
    const user = fakeUser(['Admin'])
    return { ...user, profile: { ...user.profile, ...claims } }
  }

  it('accepts a popup sign-in whose ID token carries the organization id, refuses another', async () => {
    withOrganization('org_abc123')
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = inOrg({ org_id: 'org_abc123' })
    expect(await state().login()).toBe('signedIn')
    expect(state()).toMatchObject({ status: 'signedIn', isAdmin: true })

    fakeOidc.popupResult = inOrg({ org_id: 'org_other' })
    expect(await state().login()).toBe('refused')
    expect(state()).toMatchObject({ status: 'signedOut', isAdmin: false, notice: 'wrongOrganization' })
    expect(currentAccessToken()).toBeUndefined()
    expect(fakeOidc.storedUser).toBeNull()
  })

  it('compares an organization name with org_name in lower case, and refuses a token without one', async () => {
    withOrganization('Tavlin-Kitchen')
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = inOrg({ org_name: 'tavlin-kitchen' })
    expect(await state().login()).toBe('signedIn')
    fakeOidc.popupResult = fakeUser(['Admin'])
    expect(await state().login()).toBe('refused')
  })

  it('drops a stored session of another organization, and a redirect return of one', async () => {
    withOrganization('org_abc123')
    storeSessionHint()
    fakeOidc.storedUser = inOrg({ org_id: 'org_other' })
    useAuthStore.reset()
    await state().start()
    expect(state().status).toBe('signedOut')
    expect(fakeOidc.storedUser).toBeNull()

    window.history.replaceState(null, '', '/admin?code=abc&state=xyz')
    fakeOidc.callbackResult = inOrg({ org_id: 'org_other' })
    useAuthStore.reset()
    await state().start()
    expect(state()).toMatchObject({ status: 'signedOut', notice: 'wrongOrganization' })
  })

  it('checks nothing when no organization is configured', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window)
    fakeOidc.popupResult = fakeUser(['Admin'])
    expect(await state().login()).toBe('signedIn')
  })
})

describe('signing out', () => {
  async function signedInAdmin() {
    storeSessionHint()
    fakeOidc.storedUser = fakeUser(['Admin'])
    useAuthStore.reset()
    await state().start()
  }

  it('revokes the refresh token, then ends the session at the provider', async () => {
    await signedInAdmin()
    await state().logout()
    const revocation = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/oidc/token/revocation'))
    expect(String(revocation?.[1]?.body)).toBe(
      'token=the-refresh-token&token_type_hint=refresh_token&client_id=tavlin-web',
    )
    expect(fakeOidc.signoutRedirect).toHaveBeenCalled()
    expect(state().status).toBe('signedOut')
    expect(hasSessionHint()).toBe(false)
  })

  it('after a 401 forgets only the user: cart and theme stay', async () => {
    await signedInAdmin()
    expect(hasSessionHint()).toBe(true)
    localStorage.setItem('cart-storage', '{"state":{"lines":[1]}}')
    localStorage.setItem('theme', '{"state":{"theme":"dark"}}')
    state().signOutLocally()
    expect(state()).toMatchObject({
      status: 'signedOut',
      isAdmin: false,
      accessToken: undefined,
      notice: 'sessionEnded',
    })
    expect(fakeOidc.storedUser).toBeNull()
    expect(hasSessionHint()).toBe(false)
    expect(localStorage.getItem('cart-storage')).toContain('lines')
    expect(localStorage.getItem('theme')).toContain('dark')
  })

  it('signs out locally when silent renewal finds the session gone', async () => {
    await signedInAdmin()
    fakeOidc.managers[0]?.failRenewal()
    await vi.waitFor(() => expect(state().status).toBe('signedOut'))
    expect(state().notice).toBe('sessionEnded')
  })
})
