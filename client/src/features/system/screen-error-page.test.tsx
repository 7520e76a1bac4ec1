import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { MantineProvider } from '@mantine/core'
import { describe, expect, it, vi } from 'vitest'
import { isChunkLoadError, ScreenErrorPage } from './screen-error-page.tsx'

describe('B291 chunk-loading errors', () => {
  it.each([
    ['Vite/Chrome', new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), true],
    ['Safari', new TypeError('Importing a module script failed.'), true],
    ['Firefox', new TypeError('error loading dynamically imported module'), true],
    ['webpack style', Object.assign(new Error('Loading chunk 3 failed'), { name: 'ChunkLoadError' }), true],
    ['a CSS chunk', new Error('Unable to preload CSS for /assets/x.css'), true],
    ['an ordinary bug', new TypeError("Cannot read properties of undefined (reading 'x')"), false],
  ])('B291 %s', (_label, error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected)
  })

  function renderFailing(error: Error) {
    function Boom(): never {
      throw error
    }
    const router = createMemoryRouter([{ path: '*', element: <Boom />, errorElement: <ScreenErrorPage /> }])
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    )
  }

  it('B291 a screen whose code cannot be fetched asks for a reload', async () => {
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
  })

  it('M017 any other failure says something went wrong', async () => {
    renderFailing(new Error('boom'))
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('boom')
  })
})
