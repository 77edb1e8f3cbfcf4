import { useTranslation } from '../../lib/i18n'
import { iconButtonClass } from '../../components/ui/icon-button'
import { MoonIcon, SunIcon } from '../../components/ui/icons'
import { useThemeStore } from './theme-store'

/**
 * A button named for what it does in each theme ("מעבר למצב כהה" / "מעבר למצב בהיר"), with the
 * icon of the theme it leads to. Not a pressed toggle: a name that changes with the state and
 * aria-pressed together would say it twice (issue 35: "מצב כהה" on the dark theme misled).
 */
export function ThemeToggle() {
  const { t } = useTranslation()
  const isDark = useThemeStore((state) => state.theme === 'dark')
  const toggle = useThemeStore((state) => state.toggle)
  return (
    <button
      type="button"
      aria-label={isDark ? t('theme.toLight') : t('theme.toDark')}
      onClick={toggle}
      className={iconButtonClass}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  )
}
