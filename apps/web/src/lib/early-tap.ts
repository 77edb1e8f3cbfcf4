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
