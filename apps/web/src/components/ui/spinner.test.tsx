import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import { Spinner } from './spinner'

describe('Spinner', () => {
  it('is a status with a Hebrew label and three circles', async () => {
    renderWithProviders(<Spinner />)
    const status = await screen.findByRole('status', { name: 'טוען…' })
    expect(status.querySelectorAll('span.rounded-full')).toHaveLength(3)
  })
})
