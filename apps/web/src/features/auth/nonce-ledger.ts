// Spec §4: the authorization request carries a nonce, which the ID token must repeat.
// A nonce is good for one sign-in: once a token carrying it has been accepted it is spent,
// and a token that carries it again (an ID token replayed into a later sign-in) is refused.
// Spent nonces are kept as long as a sign-in transaction may live (spec §9: one day), in
// localStorage, where oidc-client-ts keeps the transactions too.

const KEY = 'tavlin.auth.spentNonces'
/** Spec §9: the login transaction lives one day; a token older than that is expired anyway. */
const KEEP_SECONDS = 24 * 60 * 60

/** 32 random bytes, base64url: as unguessable as the state and the PKCE verifier. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export type NonceLedger = {
  isSpent(nonce: string): boolean
  spend(nonce: string): void
}

export function nonceLedger(
  storage: Storage = window.localStorage,
  now: () => number = () => Date.now(),
): NonceLedger {
  const read = (): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}')
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {}
    } catch {
      return {}
    }
  }
  return {
    isSpent: (nonce) => nonce in read(),
    spend(nonce) {
      const seconds = Math.floor(now() / 1000)
      const kept = Object.fromEntries(
        Object.entries(read()).filter(
          ([, spentAt]) => typeof spentAt === 'number' && seconds - spentAt < KEEP_SECONDS,
        ),
      )
      kept[nonce] = seconds
      storage.setItem(KEY, JSON.stringify(kept))
    },
  }
}
