import { beforeAll, vi } from 'vitest'
import { json } from './fake-fetch'
import { createTestIssuer, type TestIssuer } from './test-issuer'
import { POPUP_TARGET } from '../features/auth/auth-common'
import { oidcSettings, type IdentitySettings, type IssuerMetadata } from '../features/auth/auth-settings'
import { CheckedUserManager } from '../features/auth/checked-user-manager'
import { issuerKeys } from '../features/auth/id-token'
import { IDENTITY } from '../features/auth/identity-config'
import { createIdentityHttp } from '../features/auth/identity-http'
import { nonceLedger } from '../features/auth/nonce-ledger'
import { popupNavigator } from '../features/auth/popup-navigator'

// The sign-in as the browser runs it, for the tests of features/auth: the real
// oidc-client-ts with the app's overrides, a test issuer signing real RS256 tokens, and
// stand-ins only at the edge — the network (the issuer's token and key endpoints) and the
// browser's popup window.

export const ORIGIN = window.location.origin
export const identity: IdentitySettings = {
  authority: 'https://issuer.test/',
  clientId: 'tavlin-web',
  audience: 'urn:tavlin:api',
  rolesClaim: 'https://tavlin.shop/roles',
  scope: 'openid profile email offline_access',
  audienceParameter: 'audience',
}
export const metadata: IssuerMetadata = {
  issuer: 'https://issuer.test/',
  authorization_endpoint: 'https://issuer.test/authorize',
  token_endpoint: 'https://issuer.test/oauth/token',
  jwks_uri: 'https://issuer.test/.well-known/jwks.json',
  revocation_endpoint: 'https://issuer.test/oauth/revoke',
}

/** The issuer of every test: call `withTestIssuer()` at the top of a test file. */
export let issuer: TestIssuer
export function withTestIssuer() {
  beforeAll(async () => {
    issuer = await createTestIssuer({ issuer: metadata.issuer, now: () => Math.floor(Date.now() / 1000) })
  })
}

/** The issuer's endpoints: keys from the test issuer, token answers from a queue. */
export function issuerNetwork() {
  const tokenAnswers: Array<() => Promise<Response>> = []
  const tokenRequests: URLSearchParams[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    if (url === metadata.jwks_uri) return json(issuer.jwks)
    if (url === metadata.token_endpoint) {
      tokenRequests.push(new URLSearchParams(String(init.body)))
      const answer = tokenAnswers.shift()
      if (!answer) throw new Error('no token answer queued')
      return answer()
    }
    return new Response(null, { status: 404 })
  })
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    tokenRequests,
    /** The next token response: `claims` change the ID token's (the nonce comes from the request). */
    answerTokens(idToken: () => Promise<string | undefined>, extra: Record<string, unknown> = {}) {
      tokenAnswers.push(async () =>
        json({
          access_token: `access-${tokenAnswers.length}`,
          token_type: 'Bearer',
          expires_in: 300,
          refresh_token: 'refresh-1',
          id_token: await idToken(),
          ...extra,
        }),
      )
    },
  }
}

export function createManager(
  network = issuerNetwork(),
  options: { organization?: string; locks?: LockManager } = {},
) {
  const http = createIdentityHttp({ fetch: network.fetch })
  const manager = new CheckedUserManager(
    oidcSettings(
      { ...identity, ...(options.organization ? { organization: options.organization } : {}) },
      ORIGIN,
      metadata,
    ),
    {
      http,
      keys: issuerKeys(async () => (await http.getJson(metadata.jwks_uri)) as TestIssuer['jwks']),
      nonces: nonceLedger(),
      organization: options.organization,
      popupNavigator: popupNavigator(POPUP_TARGET),
      locks: options.locks,
    },
  )
  return { manager, network }
}

/** A popup window (the browser's), and the provider's redirect back to the site inside it. */
export function popupWindow() {
  let navigated: (url: string) => void = () => {}
  const sentTo = new Promise<string>((resolve) => (navigated = resolve))
  const popup = {
    closed: false,
    focus: () => {},
    close: () => {
      popup.closed = true
    },
    location: { replace: (url: string) => navigated(url) },
  }
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
  const opener = {
    closed: false,
    // The browser's cross-window messaging (jsdom's leaves the event's origin empty).
    postMessage: (data: unknown, targetOrigin: string) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: targetOrigin })),
  }
  return {
    /** The authorization request the popup was sent to. */
    request: async () => new URL(await sentTo),
    /** The provider sends the popup back to the site with a code; the site's page hands it to the opener. */
    returnWithCode: async (state: string) => {
      const inPopup = popupNavigator(POPUP_TARGET, IDENTITY, {
        opener,
        location: window.location,
        close: () => {},
      } as unknown as Window)
      await inPopup.callback(`${ORIGIN}/?code=the-code&state=${state}`)
    },
  }
}

/** A full popup sign-in; `idToken` builds the ID token the issuer answers with, from the request's nonce. */
export async function signIn(
  manager: CheckedUserManager,
  network: ReturnType<typeof issuerNetwork>,
  idToken: (nonce: string) => Promise<string | undefined>,
) {
  const popup = popupWindow()
  const result = manager.signinPopup({ popupAbortOnClose: true })
  const request = await popup.request()
  network.answerTokens(() => idToken(request.searchParams.get('nonce') ?? ''))
  await popup.returnWithCode(request.searchParams.get('state')!)
  return { request, user: await result }
}
