import { describe, expect, it } from 'vitest'
import { englishWordsIn } from './english-words.js'

describe('englishWordsIn', () => {
  it('finds English words and a date format left in Hebrew text', () => {
    expect(englishWordsIn('מארז אינג׳רה (package) × 1')).toEqual(['package'])
    expect(englishWordsIn('תאריך dd/mm/yyyy')).toEqual(['dd', 'mm', 'yyyy'])
    expect(englishWordsIn('Notifications Alt+T')).toEqual(['Notifications', 'Alt', 'T'])
  })

  it('lets addresses, order numbers and true names through', () => {
    expect(
      englishWordsIn(
        'הזמנה TV-1001 · shop@tavlin.example · https://tavlin.shop/terms · tavlin.example · PayPlus · Bit · Visa',
      ),
    ).toEqual([])
    expect(englishWordsIn('קופון SAVE10 של Noa', ['Noa'])).toEqual([])
    expect(englishWordsIn('קופון WELCOME')).toEqual(['WELCOME'])
  })
})
