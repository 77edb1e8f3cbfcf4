import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createManager,
  issuer,
  issuerNetwork,
  metadata,
  ORIGIN,
  signIn,
  withTestIssuer,
} from '../../testing/sign-in-harness'
import { IdTokenError } from './id-token'

// A popup sign-in as the browser runs it (testing/sign-in-harness.ts): the real library with
// the app's overrides, real RS256 tokens, stand-ins only for the network and the popup window.

withTestIssuer()

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('a popup sign-in', () => {
  it('sends PKCE, state and a fresh nonce, exchanges the code and keeps the verified claims', async () => {
    const { manager, network } = createManager()
    const first = await signIn(manager, network, (nonce) => issuer.sign({ nonce }))
    const query = first.request.searchParams
    expect(first.request.origin + first.request.pathname).toBe(metadata.authorization_endpoint)
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(query.get('state')).toBeTruthy()
    expect(query.get('code_challenge_method')).toBe('S256')
    expect(query.get('audience')).toBe('urn:tavlin:api')
    expect(first.user.profile).toMatchObject({ sub: 'user-1', email: 'cook@example.com' })
    expect(await manager.getUser()).toMatchObject({ access_token: first.user.access_token })

    const exchange = network.tokenRequests[0]!
    expect(Object.fromEntries(exchange)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      client_id: 'tavlin-web',
      redirect_uri: `${ORIGIN}/`,
    })
    expect(exchange.get('code_verifier')).toMatch(/^[\w-]{43,128}$/)

    const second = await signIn(manager, network, (nonce) => issuer.sign({ nonce }))
    expect(second.request.searchParams.get('nonce')).not.toBe(query.get('nonce'))
  })

  it('refuses a token answering another nonce, and stores nothing', async () => {
    const { manager, network } = createManager()
    const refused = await signIn(manager, network, () => issuer.sign({ nonce: 'not-what-was-sent' })).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(IdTokenError)
    expect(refused).toMatchObject({ check: 'nonce' })
    expect(await manager.getUser()).toBeNull()
  })

  it("refuses an earlier sign-in's token replayed into a later one", async () => {
    const { manager, network } = createManager()
    let earlier = ''
    await signIn(manager, network, async (nonce) => (earlier = await issuer.sign({ nonce })))
    await manager.removeUser()
    const replayed = await signIn(manager, network, async () => earlier).catch((error: unknown) => error)
    expect(replayed).toMatchObject({ name: 'IdTokenError', check: 'nonceReplayed' })
    expect(await manager.getUser()).toBeNull()
  })

  it.each([
    ['a key the issuer never published', (nonce: string) => issuer.signWithOtherKey({ nonce }), 'signature'],
    ['alg none', async (nonce: string) => issuer.unsigned({ nonce }), 'alg'],
    ['HS256', (nonce: string) => issuer.signHs256({ nonce }), 'alg'],
    ['another issuer', (nonce: string) => issuer.sign({ nonce, iss: 'https://evil.test/' }), 'iss'],
    ['another audience', (nonce: string) => issuer.sign({ nonce, aud: 'another-client' }), 'aud'],
    [
      'an expired token',
      (nonce: string) => issuer.sign({ nonce, exp: Math.floor(Date.now() / 1000) - 61 }),
      'exp',
    ],
  ])('refuses %s, and stores nothing', async (_case, token, check) => {
    const { manager, network } = createManager()
    // The nonce is the request's; only the one thing named is wrong.
    const refused = await signIn(manager, network, token).catch((error: unknown) => error)
    expect(refused).toMatchObject({ name: 'IdTokenError', check })
    expect(await manager.getUser()).toBeNull()
  })

  it('refuses a token of another organization when one is configured', async () => {
    const { manager, network } = createManager(issuerNetwork(), { organization: 'org_abc123' })
    const refused = await signIn(manager, network, (nonce) =>
      issuer.sign({ nonce, org_id: 'org_other' }),
    ).catch((error: unknown) => error)
    expect(refused).toMatchObject({ check: 'organization' })
    const accepted = await signIn(manager, network, (nonce) => issuer.sign({ nonce, org_id: 'org_abc123' }))
    expect(accepted.user.profile.org_id).toBe('org_abc123')
  })

  it('refuses a token response without an ID token', async () => {
    const { manager, network } = createManager()
    const refused = await signIn(manager, network, async () => undefined).catch((error: unknown) => error)
    expect(refused).toMatchObject({ check: 'format' })
  })
})
