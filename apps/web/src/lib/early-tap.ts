/** What public/first-paint.js leaves on `window`: the button last tapped before the app ran. */
type EarlyTapRecorder = { take: () => HTMLButtonElement | null }

/**
 * Stops public/first-paint.js recording taps and returns the last button tapped, if any. Called
 * just before the root is hydrated: from then on React answers a tap itself, hydrating the part
 * tapped at once (decision 266).
 */
export function takeEarlyTap(): HTMLButtonElement | null {
  const recorder = (window as { __tavlinEarlyTap?: EarlyTapRecorder }).__tavlinEarlyTap
  return recorder ? recorder.take() : null
}

/**
 * Presses again, once the page has hydrated, the button the visitor tapped while it could not
 * answer: the same element, since hydration keeps the server's nodes. A button the render
 * replaced or disabled meanwhile is left alone.
 */
export function replayEarlyTap(button: HTMLButtonElement | null): void {
  if (button && button.isConnected && !button.disabled) button.click()
}

const warmers = new Map<string, () => Promise<unknown>>()

/**
 * Names the loader of the code a button needs when pressed (a dialog's module), at module level,
 * so a tap recorded before hydration starts loading it while the page hydrates rather than after.
 * The button carries the name as `data-early-tap`.
 */
export function warmOnEarlyTap(name: string, load: () => Promise<unknown>): string {
  warmers.set(name, load)
  return name
}

/** Starts loading what the early-tapped button will need; a failure is left to its own click. */
export function warmForEarlyTap(button: HTMLButtonElement | null): void {
  const load = button?.dataset.earlyTap ? warmers.get(button.dataset.earlyTap) : undefined
  if (load) void load().catch(() => {})
}
