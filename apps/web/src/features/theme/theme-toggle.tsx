import { useTranslation } from '../../lib/i18n'
import { iconButtonClass } from '../../components/ui/icon-button'
import { MoonIcon, SunIcon } from '../../components/ui/icons'
import { useThemeStore } from './theme-store'

/** A toggle button: the label stays "dark mode" and aria-pressed says whether it is on. */
export function ThemeToggle() {
  const { t } = useTranslation()
  const isDark = useThemeStore((state) => state.theme === 'dark')
  const toggle = useThemeStore((state) => state.toggle)
  return (
    <button
      type="button"
      aria-pressed={isDark}
      aria-label={t('theme.toggle')}
      onClick={toggle}
      className={iconButtonClass}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  )
}
