import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findLocality } from '@tavlin/contracts'
import { renderWithProviders } from '../../testing/render'
import { LocalityCombobox } from './locality-combobox'
import { LocalityPicker } from './locality-picker'

function CityField({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <LocalityCombobox label="עיר" value={value} onChange={setValue} />
      <button type="button">הבא</button>
    </>
  )
}

function CitiesPicker() {
  const [cities, setCities] = useState<string[]>(['עכו'])
  return <LocalityPicker label="יישובים באזור" cities={cities} onChange={setCities} />
}

// As the list spells it (the CBS's "תל אביב-יפו" today): the test does not depend on the spelling.
const TEL_AVIV = findLocality('תל אביב - יפו')!

const listbox = () => screen.getByRole('listbox', { hidden: true })

describe('the locality combobox', () => {
  it('follows the ARIA combobox pattern: suggestions as typed, arrows, Enter and Escape', async () => {
    const { user } = renderWithProviders(<CityField />)
    const input = screen.getByRole('combobox', { name: 'עיר' })
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveAttribute('aria-controls', listbox().id)

    // Only names the test may rely on: the list itself is the CBS's, and grows.
    await user.type(input, 'רמת ג')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    const suggestions = screen.getByRole('listbox', { name: 'יישובים מתאימים' })
    const options = within(suggestions).getAllByRole('option')
    expect(options.length).toBeLessThanOrEqual(8)
    const index = options.findIndex((option) => option.textContent === 'רמת גן')
    expect(index).toBeGreaterThanOrEqual(0)
    expect(input).not.toHaveAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}'.repeat(index + 1))
    expect(input).toHaveAttribute('aria-activedescendant', options[index]!.id)
    expect(options[index]).toHaveAttribute('aria-selected', 'true')
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowUp}'.repeat(index + 1))
    expect(input).toHaveAttribute('aria-activedescendant', options.at(-1)!.id)
    await user.keyboard('{ArrowDown}'.repeat(index + 1))
    await user.keyboard('{Enter}')
    expect(input).toHaveValue('רמת גן')
    expect(input).toHaveAttribute('aria-expanded', 'false')

    await user.clear(input)
    await user.type(input, 'חי')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveValue('חי')
  })

  it('takes a suggestion by click, and offers names by a word inside them', async () => {
    const { user } = renderWithProviders(<CityField />)
    const input = screen.getByRole('combobox', { name: 'עיר' })
    await user.type(input, 'יפו')
    await user.click(screen.getByRole('option', { name: TEL_AVIV }))
    expect(input).toHaveValue(TEL_AVIV)
    expect(input).toHaveFocus()
  })

  it('puts the list’s name in place of another spelling when the field is left', async () => {
    const { user } = renderWithProviders(<CityField />)
    const input = screen.getByRole('combobox', { name: 'עיר' })
    await user.type(input, 'תל-אביב - יפו')
    await user.click(screen.getByRole('button', { name: 'הבא' }))
    expect(input).toHaveValue(TEL_AVIV)
  })

  it('leaves a name that is not a locality as typed (the form tells)', async () => {
    const { user } = renderWithProviders(<CityField />)
    const input = screen.getByRole('combobox', { name: 'עיר' })
    await user.type(input, 'אטלנטיס')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await user.tab()
    expect(input).toHaveValue('אטלנטיס')
  })
})

describe('the locality picker', () => {
  it('adds localities as removable chips, and refuses a name that is not one', async () => {
    const { user } = renderWithProviders(<CitiesPicker />)
    const input = screen.getByRole('combobox', { name: 'יישובים באזור' })
    const chosen = () => screen.getByRole('list', { name: 'יישובים באזור: היישובים שנבחרו' })

    await user.type(input, 'חיפ')
    await user.click(screen.getByRole('option', { name: 'חיפה' }))
    expect(input).toHaveValue('')
    expect(
      within(chosen())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['עכו×', 'חיפה×'])

    await user.type(input, 'באר-שבע{Enter}')
    expect(within(chosen()).getByText('באר שבע')).toBeInTheDocument()

    await user.type(input, 'אטלנטיס{Enter}')
    expect(screen.getByText('יש לבחור יישוב מהרשימה')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(within(chosen()).getAllByRole('listitem')).toHaveLength(3)

    await user.click(screen.getByRole('button', { name: 'הסרת עכו' }))
    expect(within(chosen()).queryByText('עכו')).not.toBeInTheDocument()
  })
})
