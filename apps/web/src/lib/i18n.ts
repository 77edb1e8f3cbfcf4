import i18next, { type InitOptions } from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'

/** Shared by the app and the tests so both resolve keys the same way. */
export const i18nOptions = {
  // Spec §1: he-IL is the language and its fallback. The only file is locales/he/…, so
  // `languageOnly` loads he-IL from it; the fallback is spelt `he` because i18next
  // applies `load` to the language but not to fallbacks (it would fetch a missing he-IL file).
  lng: 'he-IL',
  fallbackLng: 'he',
  load: 'languageOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  // React already escapes; the spec turns interpolation escaping off.
  interpolation: { escapeValue: false },
} satisfies InitOptions

export function initI18n() {
  return i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    })
}

export { i18next }
