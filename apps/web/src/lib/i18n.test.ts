import { afterEach, describe, expect, it, vi } from 'vitest'
import translation from '../../public/locales/he/translation.json'
import { i18next, initI18n } from './i18n'

describe('initI18n', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('loads he-IL from /locales/he-IL/translation.json only (spec §1), without escaping', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL) =>
        new Response(JSON.stringify(translation), { headers: { 'Content-Type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', fetch)
    await initI18n()
    const urls = fetch.mock.calls.map(([url]) => String(url))
    expect(urls).toEqual(['/locales/he-IL/translation.json'])
    expect(i18next.language).toBe('he-IL')
    expect(i18next.t('nav.home')).toBe('דף הבית')
    expect(i18next.t('app.documentTitle', { page: '<b>תה & קפה</b>' })).toBe('<b>תה & קפה</b> | תבלין')
  })
})
