import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RenderWhenVisible } from './render-when-visible'

/** An observer the test answers by hand, reporting the margin it was asked to look ahead by. */
class ManualObserver {
  static instances: ManualObserver[] = []
  isObserving = false
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ManualObserver.instances.push(this)
  }
  observe() {
    this.isObserving = true
  }
  disconnect() {
    this.isObserving = false
  }
  unobserve() {}
  takeRecords() {
    return []
  }
  intersect() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    )
  }
}

const current = () => ManualObserver.instances.filter((observer) => observer.isObserving).at(-1)

function renderSection() {
  render(
    <RenderWhenVisible placeholder={<p>placeholder</p>}>
      <p>section</p>
    </RenderWhenVisible>,
  )
}

describe('RenderWhenVisible', () => {
  afterEach(() => {
    ManualObserver.instances = []
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
  })

  it('renders what is on the screen at once, and looks ahead only once the visitor scrolls', async () => {
    vi.stubGlobal('IntersectionObserver', ManualObserver)
    renderSection()
    expect(screen.getByText('placeholder')).toBeInTheDocument()
    // Before any scroll: only the screen itself counts.
    expect(current()?.options.rootMargin).toBe('0px')

    act(() => window.dispatchEvent(new Event('scroll')))
    expect(current()?.options.rootMargin).toBe('300px')
    act(() => current()?.intersect())
    expect(await screen.findByText('section')).toBeInTheDocument()
  })

  it('looks ahead from the start on a page opened already scrolled', () => {
    vi.stubGlobal('IntersectionObserver', ManualObserver)
    Object.defineProperty(window, 'scrollY', { value: 800, configurable: true })
    renderSection()
    expect(current()?.options.rootMargin).toBe('300px')
  })
})
