import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { displayZone, formatDateTime } from '@costlens/shared'
import { json, on, renderConsole, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { TOKEN_KEY } from '../session-storage.ts'
import { chooseZone } from './display-zone.ts'

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 't-1')
  stubApi(
    on('GET', '/api/v1/isValidToken', () => json(testUser())),
    on('GET', '/signInMode', () => new Response('open')),
  )
})
afterEach(() => {
  localStorage.clear()
  chooseZone('utc')
  localStorage.clear()
  document.documentElement.removeAttribute('data-mantine-color-scheme')
  vi.unstubAllGlobals()
})

async function openDisplayMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
  return screen.findByRole('menu')
}

describe('display settings in the account menu', () => {
  it('dark mode: follows the system by default, then Dark and Light switch the scheme and are remembered', async () => {
    renderConsole('/jobs/pipelines')
    const menu = await openDisplayMenu()
    expect(within(menu).getByRole('menuitemradio', { name: 'Follow the system' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }))
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'))
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('dark')
    // A radio item leaves the menu open, so the change shows at once beside the choices.
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Light' }))
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'),
    )
  })

  it('01 §2.5 the time zone: UTC by default; Local time formats every time locally and writes isUTCTime=false', async () => {
    const { router } = renderConsole('/jobs/pipelines?user=ann')
    const menu = await openDisplayMenu()
    expect(within(menu).getByRole('menuitemradio', { name: 'UTC' })).toHaveAttribute('aria-checked', 'true')
    expect(router.state.location.search).toBe('?user=ann')
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /^Local time \(.+\)$/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?isUTCTime=false&user=ann'))
    expect(displayZone()).toBe('local')
    const instant = Date.UTC(2024, 2, 5, 14, 7, 9)
    expect(formatDateTime(instant)).toBe(formatDateTime(instant, 'local'))
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'UTC' }))
    await waitFor(() => expect(router.state.location.search).toBe('?isUTCTime=true&user=ann'))
    expect(displayZone()).toBe('utc')
  })

  it('01 §2.5 the chosen zone stays in the address when a tab opens another page', async () => {
    const { router } = renderConsole('/jobs/pipelines')
    const menu = await openDisplayMenu()
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /^Local time/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?isUTCTime=false'))
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Section' })).getByRole('link', { name: 'Applications' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/applications'))
    await waitFor(() => expect(router.state.location.search).toContain('isUTCTime=false'))
  })

  it('01 §2.5 a link with isUTCTime=false shows local time, and the choice is remembered', async () => {
    const { router } = renderConsole('/jobs/pipelines?isUTCTime=false')
    await screen.findByRole('button', { name: 'Account menu' })
    expect(displayZone()).toBe('local')
    expect(localStorage.getItem('costlens.displayZone')).toBe('local')
    expect(router.state.location.search).toBe('?isUTCTime=false')
  })

  it('with no choice made, the address gains no key', async () => {
    const { router } = renderConsole('/jobs/pipelines?user=ann')
    await screen.findByRole('button', { name: 'Account menu' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(router.state.location.search).toBe('?user=ann')
  })
})
