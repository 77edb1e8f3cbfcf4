import i18next, { type InitOptions } from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'

/** Spec §1: the language, and its fallback. */
export const LANGUAGE = 'he-IL'

/** Shared by the app and the tests so both resolve keys the same way. */
export const i18nOptions = {
  // Spec §1: he-IL is the language and its fallback, loaded from /locales/he-IL/translation.json.
  // The file lives in public/locales/he/ (which stays served as an alias); the build and the
  // dev server answer the he-IL address with it (build/locale-path.ts).
  lng: LANGUAGE,
  fallbackLng: LANGUAGE,
  load: 'currentOnly',
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
