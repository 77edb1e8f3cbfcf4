import { vi } from 'vitest'
import { PopupError } from '../features/auth/popup-navigator'

/**
 * A stand-in for oidc-client-ts' UserManager (the edge of the system), used with
 * `vi.mock('oidc-client-ts', () => import('../../testing/fake-oidc-client'))`.
 * Like the real one, signinPopup opens its window synchronously, before any await.
 */
export type FakeUser = {
  profile: Record<string, unknown>
  access_token: string
  refresh_token?: string
  expires_at: number
  state?: unknown
}

export const ROLES_CLAIM = 'https://tavlin.shop/roles'

export function fakeUser(roles: string[], overrides: Partial<FakeUser> = {}): FakeUser {
  return {
    profile: { sub: 'u1', email: 'cook@example.com', [ROLES_CLAIM]: roles },
    access_token: `token-for-${roles.join('-') || 'customer'}`,
    refresh_token: 'the-refresh-token',
    expires_at: Math.floor(Date.now() / 1000) + 300,
    ...overrides,
  }
}

type Listener = (...args: never[]) => void

/** What the fake library does; tests change these per case. */
export const fakeOidc = {
  managers: [] as UserManager[],
  /** The user in (fake) session storage. */
  storedUser: null as FakeUser | null,
  /** The user the popup signs in, or the error it fails with. */
  popupResult: null as FakeUser | Error | null,
  callbackResult: undefined as FakeUser | Error | undefined,
  /** What a silent sign-in (hidden frame, prompt=none) finds at the provider: a user, else login_required. */
  silentResult: null as FakeUser | null,
  silentCalls: 0,
  signoutRedirect: vi.fn(async () => {}),
  /** The arguments of every signinPopup (the area's parameters) and signinRedirect (the state). */
  popupArgs: [] as Array<Record<string, unknown>>,
  signinRedirect: vi.fn(async (_args: Record<string, unknown>) => {}),
  reset() {
    this.popupArgs = []
    this.signinRedirect = vi.fn(async (_args: Record<string, unknown>) => {})
    this.managers = []
    this.storedUser = null
    this.popupResult = null
    this.callbackResult = undefined
    this.silentResult = null
    this.silentCalls = 0
    this.signoutRedirect = vi.fn(async () => {})
  },
}

export class UserManager {
  readonly settings: Record<string, unknown>
  private readonly listeners = {
    loaded: new Set<Listener>(),
    unloaded: new Set<Listener>(),
    renewError: new Set<Listener>(),
  }
  readonly events = {
    addUserLoaded: (listener: (user: FakeUser) => void) => this.listeners.loaded.add(listener as Listener),
    addUserUnloaded: (listener: () => void) => this.listeners.unloaded.add(listener as Listener),
    addSilentRenewError: (listener: (error: Error) => void) =>
      this.listeners.renewError.add(listener as Listener),
  }
  readonly metadataService = {
    getRevocationEndpoint: async () => 'http://localhost:3000/oidc/token/revocation',
  }

  constructor(settings: Record<string, unknown>) {
    this.settings = settings
    fakeOidc.managers.push(this)
  }

  private load(user: FakeUser) {
    fakeOidc.storedUser = user
    for (const listener of this.listeners.loaded) (listener as (user: FakeUser) => void)(user)
  }

  /** Silent renewal found the session gone. */
  failRenewal() {
    for (const listener of this.listeners.renewError)
      (listener as (error: Error) => void)(new Error('login_required'))
  }

  async getUser() {
    return fakeOidc.storedUser
  }

  async removeUser() {
    fakeOidc.storedUser = null
    for (const listener of this.listeners.unloaded) (listener as () => void)()
  }

  signinPopup(args: { popupWindowTarget?: string; state?: unknown } = {}) {
    fakeOidc.popupArgs.push(args)
    const target =
      args.popupWindowTarget ?? (this.settings.popupWindowTarget as string | undefined) ?? '_blank'
    const popup = window.open(undefined, target, 'width=400,height=600')
    return (async () => {
      // As the app's popup navigator (features/auth/popup-navigator.ts) reports it.
      if (!popup) throw new PopupError('blocked', 'Unable to open a popup for the sign-in')
      await Promise.resolve()
      const result = fakeOidc.popupResult
      if (!result || result instanceof Error) throw result ?? new PopupError('closed', 'Popup closed by user')
      const user = { ...result, state: args.state }
      this.load(user)
      return user
    })()
  }

  async signinCallback() {
    const result = fakeOidc.callbackResult
    if (result instanceof Error) throw result
    if (result) this.load(result)
    return result
  }

  /** The real one leaves the page for the provider; here it only records the call. */
  async signinRedirect(args: Record<string, unknown> = {}) {
    await fakeOidc.signinRedirect(args)
  }

  async signinSilent() {
    fakeOidc.silentCalls += 1
    await Promise.resolve()
    if (!fakeOidc.silentResult) throw new Error('login_required')
    this.load(fakeOidc.silentResult)
    return fakeOidc.silentResult
  }

  async signoutRedirect() {
    await this.removeUser()
    await fakeOidc.signoutRedirect()
  }
}

/**
 * `GET /api/config` as the server answers it; `identity` adds settings (an organization),
 * `isSandbox`: payments go to the built-in sandbox.
 */
export function configResponse({
  isSandbox = false,
  ...identity
}: Record<string, unknown> & { isSandbox?: boolean } = {}): Response {
  return new Response(
    JSON.stringify({
      success: true,
      data: {
        shopName: 'תבלין',
        shopEmail: 'shop@tavlin.local',
        currency: 'ILS',
        shippingFee: 15,
        vatRate: 0.18,
        deliveryDays: { min: 3, max: 5 },
        identity: {
          authority: 'http://localhost:3000/oidc',
          clientId: 'tavlin-web',
          audience: 'urn:tavlin:api',
          rolesClaim: ROLES_CLAIM,
          scope: 'openid profile email roles offline_access',
          audienceParameter: 'resource',
          ...identity,
        },
        payment: { provider: 'payplus', isSandbox },
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  )
}

/** The issuer's discovery document (OpenID Connect Discovery §4), as the built-in provider serves it. */
export function discoveryDocument(authority = 'http://localhost:3000/oidc') {
  return {
    issuer: authority,
    authorization_endpoint: `${authority}/auth`,
    token_endpoint: `${authority}/token`,
    jwks_uri: `${authority}/jwks`,
    end_session_endpoint: `${authority}/session/end`,
    revocation_endpoint: `${authority}/token/revocation`,
    id_token_signing_alg_values_supported: ['RS256'],
  }
}

/**
 * What the sign-in asks before the library starts: `/api/config` (with `identity` as in
 * configResponse) and the issuer's discovery document; anything else gets `otherwise`.
 */
export function identityAnswer(
  input: RequestInfo | URL,
  {
    otherwise = () => new Response(null, { status: 404 }),
    ...identity
  }: Record<string, unknown> & {
    otherwise?: () => Response
  } = {},
): Response {
  const url = String(input)
  if (url.endsWith('/api/config')) return configResponse(identity)
  if (url.endsWith('/.well-known/openid-configuration')) {
    return Response.json(discoveryDocument(url.replace('/.well-known/openid-configuration', '')))
  }
  return otherwise()
}

/** A session-storage entry as oidc-client-ts writes it: its presence makes the app load the library. */
export function storeSessionHint() {
  sessionStorage.setItem('oidc.user:http://localhost:3000/oidc:tavlin-web', '{}')
}
