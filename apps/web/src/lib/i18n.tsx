import { Fragment, cloneElement, createContext, use, type ReactElement, type ReactNode } from 'react'
import type { ParseKeys, Translator } from './translate'

// The app imports translation from here only: `useTranslation` and `<Trans>` keep
// react-i18next's shape, so switching was an import change (decision 163).
export { LANGUAGE, createTranslator, loadTranslator } from './translate'
export type { ObjectKey, ParseKeys, TFunction, TOptions, Translator } from './translate'

const TranslatorContext = createContext<Translator | null>(null)

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator
  children: ReactNode
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>
}

/** `const { t } = useTranslation()`; `i18n.exists` and `i18n.language` as before. */
export function useTranslation() {
  const translator = use(TranslatorContext)
  if (!translator) throw new Error('useTranslation needs a TranslationProvider (AppProviders)')
  return { t: translator.t, i18n: translator }
}

type TransProps = {
  i18nKey: ParseKeys
  values?: Record<string, unknown>
  /** Elements for the string's `<name>…</name>` tags; each gets the tag's text as children. */
  components?: Record<string, ReactElement>
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g

/**
 * A string with markup, e.g. `<digits>{{digits}}</digits>`: the tags become the given
 * elements, the placeholders are filled in (not escaped: React renders them as text).
 */
export function Trans({ i18nKey, values, components = {} }: TransProps) {
  const { t, i18n } = useTranslation()
  const template = t(i18nKey)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of template.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match
    if (match.index > last) parts.push(i18n.interpolate(template.slice(last, match.index), values))
    const element = components[name]
    const text = i18n.interpolate(inner, values)
    parts.push(element ? cloneElement(element, undefined, text) : text)
    last = match.index + whole.length
  }
  if (last < template.length) parts.push(i18n.interpolate(template.slice(last), values))
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  )
}
