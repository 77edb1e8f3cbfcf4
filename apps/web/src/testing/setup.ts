import '@testing-library/jest-dom/vitest'
import { afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// jsdom has no layout: scrolling is a no-op the tests observe through this spy.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  document.documentElement.classList.remove('dark')
  vi.mocked(window.scrollTo).mockClear()
})

// Route modules load lazily and the home page mounts a dozen sections; on a busy
// shared machine the default 1 s wait for them is too tight (a slow CI machine, not a slow app).
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks these browser APIs; the home carousel (embla) needs them to mount.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia
class NoopObserver {
  observe(_target?: Element) {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
// jsdom has no viewport: every observed element counts as visible at once, so content
// that waits to scroll into view renders in tests.
class VisibleAtOnceObserver extends NoopObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    super()
  }
  override observe(target?: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target: target ?? document.body } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    )
  }
}
globalThis.IntersectionObserver ??= VisibleAtOnceObserver as unknown as typeof IntersectionObserver
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver

// jsdom's <dialog> has no methods: opening and closing set the attribute, as a browser does.
// What only a browser does with it (Escape, inert page, focus back) is tested in e2e/.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '')
}
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return
  this.removeAttribute('open')
  this.dispatchEvent(new Event('close'))
}
