import { describe, expect, it } from 'vitest'
import { prepTimeToIsoDuration } from './iso-duration.js'

describe('prepTimeToIsoDuration', () => {
  it.each([
    ['45 דקות', 'PT45M'],
    ['3 שעות', 'PT3H'],
    ['3 שעות (כולל התפחה)', 'PT3H'],
    ['3 ימים (כולל תסיסה)', 'P3D'],
    ['שעתיים', 'PT2H'],
    ['שעה', 'PT1H'],
    ['כשעה וחצי', 'PT1H30M'],
    ['חצי שעה', 'PT30M'],
    ['רבע שעה', 'PT15M'],
    ['2 שעות וחצי', 'PT2H30M'],
    ['1.5 שעות', 'PT1H30M'],
    ['שעה ו-20 דקות', 'PT1H20M'],
    ['יומיים ו-3 שעות', 'P2DT3H'],
    ['90 minutes', 'PT1H30M'],
  ])('reads "%s" as %s', (text, duration) => {
    expect(prepTimeToIsoDuration(text)).toBe(duration)
  })

  it.each(['', 'מהיר', 'לפי הטעם'])('gives nothing for "%s"', (text) => {
    expect(prepTimeToIsoDuration(text)).toBeUndefined()
  })
})
