import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import { Pagination } from './pagination'

describe('pagination', () => {
  it('links pages as ?page=n keeping the filters, and ignores "previous" on page 1', () => {
    renderWithProviders(<Pagination currentPage={1} totalPages={3} />, { path: '/products?category=spices' })
    const previous = screen.getByText('הקודם')
    expect(previous.tagName).not.toBe('A')
    expect(previous).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('link', { name: 'הבא' })).toHaveAttribute(
      'href',
      '/products?category=spices&page=2',
    )
    expect(screen.getByRole('link', { name: 'עמוד 3' })).toHaveAttribute(
      'href',
      '/products?category=spices&page=3',
    )
    expect(screen.getByRole('link', { name: 'עמוד 1' })).toHaveAttribute('aria-current', 'page')
  })

  it('blocks "next" while the placeholder of the previous page is shown, and on the last page', () => {
    const { unmount } = renderWithProviders(<Pagination currentPage={2} totalPages={3} isPlaceholderData />, {
      path: '/recipes?page=2',
    })
    expect(screen.queryByRole('link', { name: 'הבא' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'הקודם' })).toHaveAttribute('href', '/recipes?page=1')
    unmount()

    renderWithProviders(<Pagination currentPage={3} totalPages={3} />, { path: '/recipes?page=3' })
    expect(screen.queryByRole('link', { name: 'הבא' })).not.toBeInTheDocument()
  })

  it('is not shown for a single page', () => {
    renderWithProviders(<Pagination currentPage={1} totalPages={1} />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })
})
