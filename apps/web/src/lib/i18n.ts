import i18next, { type InitOptions } from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'

/** Shared by the app and the tests so both resolve keys the same way. */
export const i18nOptions = {
  lng: 'he-IL',
  fallbackLng: 'he-IL',
  // The only file is locales/he/…; `he-IL` must resolve to it, not to a missing `he-IL` folder.
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
