import { beforeEach, describe, expect, it } from 'vitest'
import firstPaintScript from '../../../public/first-paint.js?raw'
import { useThemeStore } from './theme-store'

describe('theme store', () => {
  beforeEach(() => {
    useThemeStore.setState({ theme: 'light' })
  })

  it('starts light', () => {
    expect(useThemeStore.getState().theme).toBe('light')
  })

  it('toggles the dark class on <html> and stores the choice under theme', () => {
    useThemeStore.getState().toggle()
    expect(document.documentElement).toHaveClass('dark')
    expect(JSON.parse(localStorage.getItem('theme') ?? '')).toEqual({ state: { theme: 'dark' }, version: 0 })
    useThemeStore.getState().toggle()
    expect(document.documentElement).not.toHaveClass('dark')
  })

  // The pre-paint script and the store must agree on the stored shape, or dark visitors see a light flash.
  it('writes what public/first-paint.js reads before the first paint', () => {
    useThemeStore.getState().setTheme('dark')
    document.documentElement.classList.remove('dark')
    new Function(firstPaintScript)()
    expect(document.documentElement).toHaveClass('dark')
  })
})
