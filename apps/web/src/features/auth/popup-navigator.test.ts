import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDENTITY } from './identity-config'
import type { PopupError } from './popup-navigator'
import { popupNavigator } from './popup-navigator'

// Spec §9: the popup is checked every second for having been closed and given up after 60 s.
// The browser window is the edge: a stand-in popup records where it was sent.

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function fakePopup() {
  const popup = {
    closed: false,
    url: '',
    focus: vi.fn(),
    close: vi.fn(() => {
      popup.closed = true
    }),
    location: {
      replace: (url: string) => {
        popup.url = url
      },
    },
  }
  return popup
}

const STATE = 'state-1'
/** The built-in provider: the same origin as the site. */
const REQUEST = { url: `${window.location.origin}/oidc/auth?state=${STATE}`, state: STATE }
/** An external issuer. */
const EXTERNAL = { url: `https://issuer.test/authorize?state=${STATE}`, state: STATE }

async function openSignIn(
  popup: ReturnType<typeof fakePopup> | null,
  abortOnClose = true,
  request = REQUEST,
) {
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
  const handle = await popupNavigator('tavlin-sign-in').prepare({ popupAbortOnClose: abortOnClose })
  const outcome = handle.navigate(request).then(
    (answer) => answer,
    (error: unknown) => error as PopupError,
  )
  return { open, outcome }
}

const pending = <T>(promise: Promise<T>) => Promise.race([promise, Promise.resolve('pending' as const)])

describe('the sign-in popup', () => {
  it('reads its timing from the one identity config', () => {
    expect(IDENTITY).toMatchObject({
      popupPollMs: 1_000,
      popupWaitMs: 60_000,
      popupSize: { width: 400, height: 600 },
    })
  })

  it('opens a 400×600 window by name and sends it to the provider', async () => {
    const popup = fakePopup()
    const { open } = await openSignIn(popup)
    expect(open).toHaveBeenCalledWith(
      undefined,
      'tavlin-sign-in',
      expect.stringMatching(/^width=400,height=600,/),
    )
    expect(popup.url).toBe(REQUEST.url)
  })

  it('notices a closed popup at the next check, a second later, not before', async () => {
    const popup = fakePopup()
    const { outcome } = await openSignIn(popup)
    await vi.advanceTimersByTimeAsync(100)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(800)
    expect(await pending(outcome)).toBe('pending')
    await vi.advanceTimersByTimeAsync(100)
    expect(await outcome).toMatchObject({ name: 'PopupError', reason: 'closed' })
  })

  it('gives up after 60 s without an answer, closing the window', async () => {
    const popup = fakePopup()
    const { outcome } = await openSignIn(popup)
    await vi.advanceTimersByTimeAsync(59_999)
    expect(await pending(outcome)).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ reason: 'timeout' })
    expect(popup.close).toHaveBeenCalled()
  })

  it('waits out a closed handle when told not to abort on it', async () => {
    const popup = fakePopup()
    const { outcome } = await openSignIn(popup, false)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await pending(outcome)).toBe('pending')
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await outcome).toMatchObject({ reason: 'timeout' })
  })

  it("waits out a closed handle at another origin's issuer (its opener policy may have cut the handle)", async () => {
    const popup = fakePopup()
    const { outcome } = await openSignIn(popup, true, EXTERNAL)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(59_999)
    expect(await pending(outcome)).toBe('pending')
    // No answer in the minute after it looked closed: it was closed, and the sign-in cancelled.
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ reason: 'closed' })
  })

  it('says the browser blocked it when no window opened', async () => {
    const { outcome } = await openSignIn(null)
    expect(await outcome).toMatchObject({ reason: 'blocked' })
  })

  it("takes the provider's answer from the popup, for this sign-in's state only", async () => {
    const popup = fakePopup()
    const { outcome } = await openSignIn(popup)
    // The browser's cross-window messaging (jsdom's leaves the event's origin empty).
    const opener = {
      closed: false,
      postMessage: (data: unknown, targetOrigin: string) =>
        window.dispatchEvent(new MessageEvent('message', { data, origin: targetOrigin })),
    }
    const inPopup = (url: string) =>
      popupNavigator('tavlin-sign-in', IDENTITY, {
        opener,
        location: window.location,
        close: vi.fn(),
      } as unknown as Window).callback(url)
    await inPopup(`${window.location.origin}/?code=other&state=another-sign-in`)
    await vi.advanceTimersByTimeAsync(10)
    expect(await pending(outcome)).toBe('pending')
    await inPopup(`${window.location.origin}/?code=abc&state=${STATE}`)
    await vi.advanceTimersByTimeAsync(10)
    expect(await outcome).toEqual({ url: `${window.location.origin}/?code=abc&state=${STATE}` })
    expect(popup.close).toHaveBeenCalled()
  })

  it('takes the answer on the broadcast channel from a popup that lost its opener', async () => {
    vi.useRealTimers()
    const popup = fakePopup()
    const { outcome } = await openSignIn(popup, true, EXTERNAL)
    popup.closed = true
    const severed = { opener: null, location: window.location, close: vi.fn() }
    await popupNavigator('tavlin-sign-in', IDENTITY, severed as unknown as Window).callback(
      `${window.location.origin}/?code=abc&state=${STATE}`,
    )
    expect(await outcome).toEqual({ url: `${window.location.origin}/?code=abc&state=${STATE}` })
    expect(severed.close).toHaveBeenCalled()
  })
})
