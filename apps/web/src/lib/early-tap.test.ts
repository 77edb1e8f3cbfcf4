import { afterEach, describe, expect, it } from 'vitest'
import firstPaintScript from '../../public/first-paint.js?raw'
import { replayEarlyTap, takeEarlyTap } from './early-tap'

/** The server's markup as the browser has it before the app runs: buttons without handlers. */
function renderServerMarkup(): void {
  document.body.innerHTML = `
    <button type="button">מחוץ לאפליקציה</button>
    <div id="root">
      <button type="button">פתיחת התפריט</button>
      <button type="button"><span>לקנייה</span></button>
      <button type="button" disabled>אזל מהמלאי</button>
    </div>`
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent === name)!

describe('a tap before the app has hydrated', () => {
  afterEach(() => {
    takeEarlyTap()
    document.body.innerHTML = ''
  })

  it("keeps the last of the page's buttons tapped, from a tap on its text too", () => {
    renderServerMarkup()
    new Function(firstPaintScript)()

    button('פתיחת התפריט').click()
    button('לקנייה').querySelector('span')!.click()
    button('אזל מהמלאי').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    button('מחוץ לאפליקציה').click()

    expect(takeEarlyTap()).toBe(button('לקנייה'))
  })

  it('leaves out a button the browser answered by its command, where the browser runs commands', () => {
    // jsdom runs no commands; Chromium does (decision 299).
    Object.defineProperty(HTMLButtonElement.prototype, 'command', { value: '', configurable: true })
    try {
      renderServerMarkup()
      button('לקנייה').setAttribute('commandfor', 'purchase')
      new Function(firstPaintScript)()

      button('פתיחת התפריט').click()
      button('לקנייה').click()

      expect(takeEarlyTap()).toBe(button('פתיחת התפריט'))
    } finally {
      delete (HTMLButtonElement.prototype as { command?: string }).command
    }
  })

  it('stops recording once taken, so React alone answers the taps that follow', () => {
    renderServerMarkup()
    new Function(firstPaintScript)()
    expect(takeEarlyTap()).toBeNull()

    button('פתיחת התפריט').click()

    expect(takeEarlyTap()).toBeNull()
  })

  it('is pressed again once the app is ready, unless the render removed it', () => {
    renderServerMarkup()
    const pressed: string[] = []
    document.addEventListener('click', (event) => pressed.push((event.target as Element).textContent ?? ''))

    replayEarlyTap(button('פתיחת התפריט'))
    const removed = button('לקנייה')
    removed.remove()
    replayEarlyTap(removed)
    replayEarlyTap(null)

    expect(pressed).toEqual(['פתיחת התפריט'])
  })
})
