/**
 * Where the app's API client takes the access token and its 401 handling from. Auth sets
 * them here at start-up; the client reads them on every call. Kept apart from the client
 * so that wiring auth does not load it: most visitors' first page reads nothing through it
 * (decision 007).
 */
let accessToken: () => string | undefined = () => undefined
let unauthorized: () => void = () => {}
let isSignedIn = false
const signedInListeners = new Set<() => void>()

export const apiAuth = {
  /** The current access token, looked up per request (it is renewed while the tab is open). */
  setAccessTokenProvider(provider: () => string | undefined) {
    accessToken = provider
  },
  /** Called on every 401, before the error is thrown. */
  setUnauthorizedHandler(handler: () => void) {
    unauthorized = handler
  },
  accessToken: () => accessToken(),
  unauthorized: () => unauthorized(),
  /**
   * Auth says whether a shopper is signed in, so a feature (checkout's pre-fill, issue 22) can
   * ask for the account without importing auth (features never import each other).
   */
  setSignedIn(value: boolean) {
    if (value === isSignedIn) return
    isSignedIn = value
    for (const listener of signedInListeners) listener()
  },
  isSignedIn: () => isSignedIn,
  /** For useSyncExternalStore. */
  subscribeSignedIn(listener: () => void) {
    signedInListeners.add(listener)
    return () => void signedInListeners.delete(listener)
  },
}
