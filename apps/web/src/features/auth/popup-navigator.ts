import type { INavigator, IWindow, NavigateParams, NavigateResponse, PopupWindowParams } from 'oidc-client-ts'
import { IDENTITY } from './identity-config'
import { popupFeatures } from './auth-common'

// The sign-in popup, in place of oidc-client-ts' own: that one checks for a closed popup
// every 500 ms and never gives up waiting on its own, where spec §9 asks for a check every
// second and a 60 s wait. It keeps the library's contract (INavigator/IWindow), so the
// library still builds the request, stores the transaction and handles the answer.

/** Why the popup sign-in ended without an answer (spec §8: popup cannot be opened, popup closed, popup timeout). */
export class PopupError extends Error {
  override readonly name = 'PopupError'
  constructor(
    readonly reason: 'blocked' | 'closed' | 'timeout',
    message: string,
  ) {
    super(message)
  }
}

/** Marks our messages among whatever else is posted to the window. */
const MESSAGE_SOURCE = 'tavlin-sign-in-popup'
/** A popup that lost its opener (a provider page with its own opener policy) answers on this channel. */
const channelName = (state: string) => `${MESSAGE_SOURCE}-${state}`

type PopupMessage = { source: typeof MESSAGE_SOURCE; url: string; keepOpen: boolean }

function isPopupMessage(data: unknown): data is PopupMessage {
  const message = data as Partial<PopupMessage> | null
  return (
    typeof message === 'object' &&
    message !== null &&
    message.source === MESSAGE_SOURCE &&
    typeof message.url === 'string'
  )
}

/** The `state` of an authorization answer (without oidc-client-ts' optional `;url_state` part). */
function stateOf(url: string, responseMode: NavigateParams['response_mode']): string | null {
  const parsed = new URL(url)
  const params = new URLSearchParams(responseMode === 'fragment' ? parsed.hash.slice(1) : parsed.search)
  return params.get('state')?.split(';')[0] ?? null
}

export type PopupTiming = Pick<typeof IDENTITY, 'popupPollMs' | 'popupWaitMs'>

class PopupWindow implements IWindow {
  private popup: Window | null
  private readonly cleanups = new Set<() => void>()
  private fail: ((error: Error) => void) | undefined

  constructor(
    private readonly host: Window,
    private readonly timing: PopupTiming,
    { popupWindowTarget, popupAbortOnClose, popupSignal }: PopupWindowParams & { popupWindowTarget: string },
    private readonly abortOnClose = Boolean(popupAbortOnClose),
  ) {
    // Opened at once, inside the click (browsers block a popup opened later). A window of the
    // same name that is already open (the login button opens one before the library loads)
    // is taken over rather than opened again.
    this.popup = host.open(undefined, popupWindowTarget, popupFeatures(host, IDENTITY.popupSize))
    popupSignal?.addEventListener('abort', () =>
      this.fail?.(new PopupError('closed', String(popupSignal.reason ?? 'Popup aborted'))),
    )
  }

  async navigate(params: NavigateParams): Promise<NavigateResponse> {
    const popup = this.popup
    if (!popup)
      throw new PopupError('blocked', 'Unable to open a popup for the sign-in: the browser blocked it')
    popup.focus()
    popup.location.replace(params.url)
    const expectedOrigin = params.scriptOrigin ?? this.host.location.origin
    try {
      return await new Promise<NavigateResponse>((resolve, reject) => {
        this.fail = reject
        const onAnswer = (data: unknown) => {
          if (!isPopupMessage(data) || stateOf(data.url, params.response_mode) !== params.state) return
          if (!data.keepOpen) this.closeWindow()
          resolve({ url: data.url })
        }
        const onMessage = (event: MessageEvent) => {
          if (event.origin === expectedOrigin) onAnswer(event.data)
        }
        this.host.addEventListener('message', onMessage)
        this.cleanups.add(() => this.host.removeEventListener('message', onMessage))
        if (params.state && typeof BroadcastChannel !== 'undefined') {
          const channel = new BroadcastChannel(channelName(params.state))
          channel.addEventListener('message', (event) => onAnswer(event.data))
          this.cleanups.add(() => channel.close())
        }

        // A closed handle is certain only while the popup stays on this site's origin. A page
        // of another origin with its own Cross-Origin-Opener-Policy (an external issuer's,
        // or this site's own page after it) moves the popup to another browsing context
        // group: from here it then looks closed at once, though it is still there and will
        // answer on the channel. So for another origin a closed handle is waited out.
        const isSameOrigin = new URL(params.url, this.host.location.href).origin === this.host.location.origin
        let seenClosed = false
        const poll = setInterval(() => {
          if (!popup.closed) return
          clearInterval(poll)
          seenClosed = true
          if (this.abortOnClose && isSameOrigin) reject(new PopupError('closed', 'Popup closed by user'))
        }, this.timing.popupPollMs)
        this.cleanups.add(() => clearInterval(poll))

        const timeout = setTimeout(() => {
          this.closeWindow()
          reject(
            seenClosed && this.abortOnClose
              ? new PopupError('closed', 'Popup closed by user (no answer after it was closed)')
              : new PopupError(
                  'timeout',
                  `Popup timed out after ${this.timing.popupWaitMs / 1000} s without an answer`,
                ),
          )
        }, this.timing.popupWaitMs)
        this.cleanups.add(() => clearTimeout(timeout))
      })
    } finally {
      this.dispose()
    }
  }

  /** Called by the library when the sign-in is given up (or a request could not be built). */
  close(): void {
    this.closeWindow()
    this.fail?.(new PopupError('closed', 'Popup closed'))
    this.dispose()
  }

  private closeWindow(): void {
    if (this.popup && !this.popup.closed) this.popup.close()
    this.popup = null
  }

  private dispose(): void {
    for (const cleanup of this.cleanups) cleanup()
    this.cleanups.clear()
    this.fail = undefined
  }
}

/**
 * `host`: the window the popup is opened from (the app's); `target`: the popup's name,
 * shared with the login button that may have opened it already.
 */
export function popupNavigator(
  target: string,
  timing: PopupTiming = IDENTITY,
  host: Window = window,
): INavigator {
  return {
    async prepare(params: unknown): Promise<IWindow> {
      const options = (params ?? {}) as PopupWindowParams
      return new PopupWindow(host, timing, {
        ...options,
        popupWindowTarget: options.popupWindowTarget ?? target,
      })
    },
    /** In the popup, back from the provider: hands the answer to the window that opened it. */
    async callback(url: string, params?: unknown): Promise<void> {
      const keepOpen = Boolean((params as { keepOpen?: boolean } | undefined)?.keepOpen)
      const message: PopupMessage = { source: MESSAGE_SOURCE, url, keepOpen }
      const opener = host.opener as Window | null
      if (opener && !opener.closed) {
        opener.postMessage(message, host.location.origin)
        return
      }
      const state = stateOf(url, 'query') ?? stateOf(url, 'fragment')
      if (!state)
        throw new Error("No opener and no state in the address: the sign-in's answer cannot be handed on")
      const channel = new BroadcastChannel(channelName(state))
      channel.postMessage(message)
      channel.close()
      if (!keepOpen) host.close()
    },
  }
}
