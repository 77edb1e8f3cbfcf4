import { Suspense } from 'react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyLoaded } from './lazy-loaded'

function Greeting({ name }: { name: string }) {
  return <p>שלום {name}</p>
}

const inSuspense = (element: React.ReactNode) => <Suspense fallback={<p>טוען…</p>}>{element}</Suspense>

describe('lazyLoaded', () => {
  it('suspends like React.lazy while its module is on its way', async () => {
    const { Component } = lazyLoaded(() => Promise.resolve({ default: Greeting }))

    render(inSuspense(<Component name="דנה" />))

    expect(screen.getByText('טוען…')).toBeInTheDocument()
    expect(await screen.findByText('שלום דנה')).toBeInTheDocument()
  })

  it('renders at once, with no fallback, once its module has been loaded', async () => {
    const importModule = vi.fn(() => Promise.resolve({ default: Greeting }))
    const { Component, load } = lazyLoaded(importModule)
    await load()

    render(inSuspense(<Component name="דנה" />))

    expect(screen.getByText('שלום דנה')).toBeInTheDocument()
    expect(screen.queryByText('טוען…')).not.toBeInTheDocument()
  })
})
