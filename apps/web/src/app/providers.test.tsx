import { act, screen, within } from '@testing-library/react'
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

  it('are announced in a Hebrew region, closed by a Hebrew button, with no English label (issue 35)', async () => {
    renderWithProviders(<p>עמוד</p>)
    act(() => toast.error('משהו השתבש'))
    const message = await screen.findByText('משהו השתבש')
    expect(screen.getByRole('region', { name: 'הודעות (Alt+T)' })).toContainElement(message)
    expect(document.body.innerHTML).not.toMatch(/Notifications|aria-label="close"/)
    // The library's timer bar (labelled in English) is hidden from everyone.
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'סגירה' })).toBeInTheDocument()
  })
})
