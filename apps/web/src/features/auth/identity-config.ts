// Spec §7 and §9's identity constants, in one place: every timer and limit of the sign-in
// reads them from here (and nothing else in the app does). Small and free of imports, so
// the first chunk can carry the two it needs (popup size, early expiry).

export const IDENTITY = {
  /** Each HTTP call to the issuer, and `GET /api/config`, gives up after 10 s… */
  httpTimeoutMs: 10_000,
  /** …and one that got no answer (network failure or timeout) is tried 3 times in all (spec §7). */
  httpAttempts: 3,
  /** Spec §9: a 400×600 popup… */
  popupSize: { width: 400, height: 600 },
  /** …checked every second for having been closed… */
  popupPollMs: 1_000,
  /** …and given up after a minute without an answer. */
  popupWaitMs: 60_000,
  /** The hidden frame of a silent renewal (no refresh token) waits a minute too. */
  frameWaitMs: 60_000,
  /** One tab refreshes tokens at a time: the lock is awaited 5 s at a time… */
  lockWaitMs: 5_000,
  /** …up to 10 times, then the renewal fails with a lock-acquisition timeout. */
  lockAttempts: 10,
  /**
   * A token counts as expired 60 s before it is: it is not sent any more and renewal
   * starts then, so no request leaves with a token that dies on the way.
   */
  earlyExpirySeconds: 60,
  /** Clock difference tolerated between this browser and the issuer when checking an ID token. */
  idTokenLeewaySeconds: 60,
} as const
