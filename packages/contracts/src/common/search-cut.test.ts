import { describe, expect, it } from 'vitest'
import { SEARCH_MAX_LENGTH, cutSearch } from './page-sizes.js'

describe('cutSearch', () => {
  it('keeps a search within the limit as it is', () => {
    expect(cutSearch('כמון')).toBe('כמון')
  })

  it('cuts a long search to the limit the list schemas take', () => {
    expect(cutSearch('א'.repeat(2000))).toBe('א'.repeat(SEARCH_MAX_LENGTH))
  })

  it('never splits a character made of two units', () => {
    const cut = cutSearch('🌶'.repeat(300))
    expect(cut).toBe('🌶'.repeat(SEARCH_MAX_LENGTH / 2))
    expect(cutSearch('א' + '🌶'.repeat(300))).toBe('א' + '🌶'.repeat(SEARCH_MAX_LENGTH / 2 - 1))
  })
})
