import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import translation from '../../public/locales/he/translation.json'
import { TranslationProvider, Trans, createTranslator, loadTranslator, useTranslation } from './i18n'

const translator = createTranslator(translation)

describe('t()', () => {
  it('reads a key of the Hebrew file, and shows a missing key as itself', () => {
    expect(translator.t('nav.home')).toBe('דף הבית')
    expect(translator.t('nav.nothingHere' as never)).toBe('nav.nothingHere')
  })

  it('fills placeholders without escaping them (spec: no escaping on interpolation)', () => {
    expect(translator.t('app.documentTitle', { page: '<b>תה & קפה</b>' })).toBe('<b>תה & קפה</b> | תבלין')
  })

  it('picks the Hebrew plural form by count, the dual included', () => {
    const t = createTranslator({
      n: { items_one: 'פריט אחד', items_two: 'שני פריטים', items_other: '{{count}} פריטים' },
    }).t
    const count = (value: number) => t('n.items' as never, { count: value })
    expect([count(1), count(2), count(3), count(0)]).toEqual([
      'פריט אחד',
      'שני פריטים',
      '3 פריטים',
      '0 פריטים',
    ])
  })

  it('returns lists with their strings interpolated (returnObjects)', () => {
    const t = createTranslator({ faq: { items: [{ a: 'עד {{max}} ימים' }] } }).t
    expect(t('faq.items' as never, { returnObjects: true, max: 5 } as never)).toEqual([{ a: 'עד 5 ימים' }])
  })

  it('knows which keys exist, counted ones by their base', () => {
    expect(translator.exists('nav.home')).toBe(true)
    expect(translator.exists('catalog.resultCount')).toBe(true)
    expect(translator.exists('Name is required')).toBe(false)
  })

  it('types its keys: a key missing from the file fails the typecheck', () => {
    // @ts-expect-error — not a key of translation.json
    expect(translator.t('nav.notAKey')).toBe('nav.notAKey')
  })
})

describe('loadTranslator', () => {
  it('loads he-IL from /locales/he-IL/translation.json only (spec §1)', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL) => Response.json(translation))
    const loaded = await loadTranslator(fetch)
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/locales/he-IL/translation.json'])
    expect(loaded.language).toBe('he-IL')
    expect(loaded.t('nav.home')).toBe('דף הבית')
  })

  it('still renders (keys) when the file cannot be loaded', async () => {
    const loaded = await loadTranslator(async () => new Response('', { status: 503 }))
    expect(loaded.t('nav.home')).toBe('nav.home')
  })
})

describe('<Trans>', () => {
  function Card() {
    const { t } = useTranslation()
    return (
      <p data-testid="card">
        <Trans
          i18nKey="common.cardEnding"
          values={{ brand: t('common.cardBrands.visa'), digits: '<1234>' }}
          components={{ brand: <bdi />, digits: <bdi dir="ltr" /> }}
        />
      </p>
    )
  }

  it('puts the tagged parts in the given elements and the values in as text', () => {
    render(
      <TranslationProvider translator={translator}>
        <Card />
      </TranslationProvider>,
    )
    const card = screen.getByTestId('card')
    expect(card).toHaveTextContent('Visa המסתיים ב־<1234>')
    expect(card.querySelector('bdi[dir="ltr"]')).toHaveTextContent('<1234>')
  })
})
