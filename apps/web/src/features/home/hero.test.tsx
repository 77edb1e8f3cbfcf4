import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import firstPaintScript from '../../../public/first-paint.js?raw'
import { renderWithProviders } from '../../testing/render'
import { HERO_INTERVAL_MS, Hero } from './hero'

const PAUSE = 'עצירת החלפת התמונות'
const PLAY = 'הפעלת החלפת התמונות'

const heroImage = () => screen.getByRole('img', { name: 'שולחן ערוך במנות ותבלינים' })
const pictureName = () => /hero-\d/.exec(heroImage().getAttribute('src') ?? '')?.[0]
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

describe('home hero', () => {
  beforeEach(() => {
    // Only the rotation's clock: the rest of the page keeps real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    document.documentElement.dataset.hero = 'hero-2'
  })
  afterEach(() => {
    vi.useRealTimers()
    delete document.documentElement.dataset.hero
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove())
  })

  it('shows the next picture every 5 seconds', () => {
    renderWithProviders(<Hero />)
    expect(pictureName()).toBe('hero-2')
    wait(HERO_INTERVAL_MS)
    expect(pictureName()).toBe('hero-3')
    wait(HERO_INTERVAL_MS * 2)
    expect(pictureName()).toBe('hero-1')
  })

  it('opens on the picture first-paint.js preloaded, with the same srcset and sizes', () => {
    delete document.documentElement.dataset.hero
    new Function(firstPaintScript)()
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')
    expect(preload).not.toBeNull()
    expect(preload).toHaveAttribute('fetchpriority', 'high')

    renderWithProviders(<Hero />)
    expect(pictureName()).toBe(document.documentElement.dataset.hero)
    expect(heroImage()).toHaveAttribute('srcset', preload?.getAttribute('imagesrcset'))
    expect(heroImage()).toHaveAttribute('sizes', preload?.getAttribute('imagesizes'))
    expect(heroImage()).toHaveAttribute('fetchpriority', 'high')
    expect(heroImage()).toHaveAttribute('loading', 'eager')
  })

  it('stops and starts again with its button', () => {
    renderWithProviders(<Hero />)
    fireEvent.click(screen.getByRole('button', { name: PAUSE }))
    wait(HERO_INTERVAL_MS * 3)
    expect(pictureName()).toBe('hero-2')

    fireEvent.click(screen.getByRole('button', { name: PLAY }))
    wait(HERO_INTERVAL_MS)
    expect(pictureName()).toBe('hero-3')
  })

  it('waits while the pointer rests on it', () => {
    renderWithProviders(<Hero />)
    const hero = screen.getByRole('region', { name: 'תבלין — טעמים של בית' })
    fireEvent.mouseEnter(hero)
    wait(HERO_INTERVAL_MS * 2)
    expect(pictureName()).toBe('hero-2')
    fireEvent.mouseLeave(hero)
    wait(HERO_INTERVAL_MS)
    expect(pictureName()).toBe('hero-3')
  })

  it('stops when the keyboard focus enters it, until its button starts it again', () => {
    renderWithProviders(<Hero />)
    act(() => screen.getByRole('link', { name: 'לחנות' }).focus())
    act(() => screen.getByRole('link', { name: 'לחנות' }).blur())
    wait(HERO_INTERVAL_MS * 2)
    expect(pictureName()).toBe('hero-2')

    const play = screen.getByRole('button', { name: PLAY })
    act(() => play.focus())
    fireEvent.click(play)
    wait(HERO_INTERVAL_MS)
    expect(pictureName()).toBe('hero-3')
    expect(screen.getByRole('button', { name: PAUSE })).toHaveFocus()
  })

  it('does not move for a visitor who prefers reduced motion, until asked to', () => {
    preferReducedMotion()
    renderWithProviders(<Hero />)
    wait(HERO_INTERVAL_MS * 3)
    expect(pictureName()).toBe('hero-2')
    expect(screen.getByRole('button', { name: PLAY })).toBeVisible()

    fireEvent.click(screen.getByRole('button', { name: PLAY }))
    wait(HERO_INTERVAL_MS)
    expect(pictureName()).toBe('hero-3')
  })
})
