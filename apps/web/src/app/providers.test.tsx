import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useThemeStore } from '../features/theme/theme-store'
import { toast } from '../lib/notify'
import { renderWithProviders } from '../testing/render'

describe('toasts', () => {
  it('follow the theme: dark toasts on the dark theme, light on the light one', async () => {
    renderWithProviders(<p>עמוד</p>)
    act(() => useThemeStore.getState().setTheme('dark'))
    act(() => toast.success('נוסף לסל הקניות'))
    const dark = await screen.findByText('נוסף לסל הקניות')
    expect(dark.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--dark')

    act(() => useThemeStore.getState().setTheme('light'))
    act(() => toast.success('הוסר מהסל'))
    const light = await screen.findByText('הוסר מהסל')
    expect(light.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--light')
  })
})
