import 'i18next'
import type translation from '../../public/locales/he/translation.json'

// Keys are typed from the Hebrew file, so a missing or misspelt key fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof translation }
  }
}
