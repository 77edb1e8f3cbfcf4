/**
 * A seeded stand-in for Math.random (mulberry32): the same seed gives the same numbers on
 * every run, so a test that needs draws never depends on chance (issue 40).
 */
export function seededRandom(seed = 20261128): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
