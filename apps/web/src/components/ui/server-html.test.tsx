import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ServerHtml } from './server-html'

/** The server's page as the browser holds it before hydrating: the part's element with its HTML. */
function serverPage(html: string): HTMLElement {
  const page = document.createElement('div')
  page.innerHTML = html
  document.body.append(page)
  return page
}

describe('ServerHtml (decision 289)', () => {
  afterEach(() => document.body.replaceChildren())

  it('renders its children when the page holds no HTML for it (the server, a client-side navigation)', () => {
    render(
      <ServerHtml id="product-text-a">
        <p>מאפייני המוצר</p>
      </ServerHtml>,
    )
    expect(screen.getByText('מאפייני המוצר').closest('[data-server-html="product-text-a"]')).not.toBeNull()
  })

  it('keeps the HTML the page holds for it, and renders another product’s text of its own', () => {
    serverPage('<div data-server-html="product-text-a"><p>טקסט מהשרת</p></div>')
    const { container, rerender } = render(
      <ServerHtml id="product-text-a">
        <p>טקסט מהדפדפן</p>
      </ServerHtml>,
    )
    expect(container).toHaveTextContent('טקסט מהשרת')
    expect(container).not.toHaveTextContent('טקסט מהדפדפן')

    rerender(
      <ServerHtml id="product-text-b">
        <p>מוצר אחר</p>
      </ServerHtml>,
    )
    expect(container).toHaveTextContent('מוצר אחר')
    expect(container).not.toHaveTextContent('טקסט מהשרת')
    expect(container.querySelectorAll('[data-server-html]')).toHaveLength(1)
  })
})
