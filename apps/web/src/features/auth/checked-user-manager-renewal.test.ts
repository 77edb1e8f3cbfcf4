import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorTimeout, type User } from 'oidc-client-ts'
import { json } from '../../testing/fake-fetch'
import { fakeLocks } from '../../testing/fake-locks'
import {
  createManager,
  identity,
  issuer,
  issuerNetwork,
  signIn,
  withTestIssuer,
} from '../../testing/sign-in-harness'
import { tokenLockName } from './token-lock'

// Renewal as the browser runs it (testing/sign-in-harness.ts): a refresh under the token
// lock, the renewed ID token verified, and spec §9's timing — renewal 60 s before expiry,
// the hidden frame's 60 s — with fake timers.

withTestIssuer()

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('renewal', () => {
  async function signedIn(options: { locks?: LockManager } = {}) {
    const made = createManager(issuerNetwork(), options)
    const { user } = await signIn(made.manager, made.network, (nonce) => issuer.sign({ nonce }))
    return { ...made, user }
  }

  it('refreshes under the token lock and keeps a renewed ID token only once verified', async () => {
    const { locks, requests } = fakeLocks()
    const { manager, network, user } = await signedIn({ locks })
    const nonce = user.profile.nonce as string
    network.answerTokens(() => issuer.sign({ nonce }), { access_token: 'renewed' })
    const renewed = (await manager.signinSilent()) as User
    expect(renewed.access_token).toBe('renewed')
    expect(requests).toEqual([tokenLockName(identity.authority, identity.clientId)])
    expect(Object.fromEntries(network.tokenRequests.at(-1)!)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'tavlin-web',
    })

    network.answerTokens(() => issuer.sign({ nonce, sub: 'someone-else' }), { access_token: 'stolen' })
    await expect(manager.signinSilent()).rejects.toMatchObject({ check: 'sub' })
    expect((await manager.getUser())?.access_token).toBe('renewed')
  })

  it("reads a refused refresh as the provider's error, and no answer as a timeout the library retries", async () => {
    const { manager, network } = await signedIn({ locks: fakeLocks().locks })
    network.answerTokens(async () => undefined)
    vi.mocked(network.fetch).mockImplementationOnce(async () =>
      json({ error: 'invalid_grant', error_description: 'grant request is invalid' }, { status: 400 }),
    )
    await expect(manager.signinSilent()).rejects.toMatchObject({ error: 'invalid_grant' })
    vi.mocked(network.fetch).mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(manager.signinSilent()).rejects.toBeInstanceOf(ErrorTimeout)
  })

  it('starts renewing 60 s before the token runs out, not earlier', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const { manager, network, user } = await signedIn({ locks: fakeLocks().locks })
    const exchanges = () =>
      network.tokenRequests.filter((request) => request.get('grant_type') === 'refresh_token')
    network.answerTokens(() => issuer.sign({ nonce: user.profile.nonce as string }), {
      access_token: 'renewed',
    })
    // The access token lives 300 s: renewal is due at 240 s (the library checks every 5 s).
    await vi.advanceTimersByTimeAsync(234_000)
    expect(exchanges()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(6_000)
    expect(exchanges()).toHaveLength(1)
    manager.stopSilentRenew()
  })

  it('gives the hidden frame of a renewal without a refresh token 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const { manager } = createManager()
    manager.stopSilentRenew()
    const outcome = manager.signinSilent().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(59_900)
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting')
    await vi.advanceTimersByTimeAsync(100)
    expect(await outcome).toBeInstanceOf(ErrorTimeout)
    // The frame's request carried a nonce too: the library keeps it with the transaction.
    const transactions = Object.keys(localStorage)
      .filter((key) => key.startsWith('oidc.'))
      .map((key) => JSON.parse(localStorage.getItem(key)!) as { request_type?: string; nonce?: string })
    expect(transactions.find((entry) => entry.request_type === 'si:s')?.nonce).toMatch(/^[\w-]{43}$/)
  })
})
