import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, on, renderConsole, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { TOKEN_KEY } from '../session-storage.ts'
import type { CurrentUser } from '@costlens/shared'

beforeEach(() => localStorage.setItem(TOKEN_KEY, 't-1'))
afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

function signedInAs(user: CurrentUser) {
  return stubApi(
    on('GET', '/api/v1/isValidToken', () => json(user)),
    on('GET', '/signInMode', () => new Response('open')),
  )
}

describe('the console shell (01 §2.4)', () => {
  it('B028 shows the top tabs as links and the active tab’s sub-tabs beneath', async () => {
    signedInAs(testUser())
    renderConsole('/jobs/pipelines')
    const main = await screen.findByRole('navigation', { name: 'Main' })
    const jobs = within(main).getByRole('link', { name: 'Jobs' })
    expect(jobs).toHaveAttribute('aria-current', 'page')
    expect(jobs).toHaveAttribute('href', '/jobs/applications')
    const section = screen.getByRole('navigation', { name: 'Section' })
    expect(
      within(section)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Applications', 'Pipelines', 'Scheduled Jobs'])
    expect(within(section).getByRole('link', { name: 'Pipelines' })).toHaveAttribute('aria-current', 'page')
  })

  it('B029 the tabs follow the user’s cluster type, with the preview badge on Databricks SQL', async () => {
    signedInAs(testUser({ clusterType: 'DB', role: 'admin', isAdmin: true }))
    renderConsole('/sql/osd_sql_overview')
    const main = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(main).getByRole('link', { name: 'SQL' })).toBeInTheDocument()
    expect(within(main).queryByRole('link', { name: 'Migration' })).not.toBeInTheDocument()
    const section = screen.getByRole('navigation', { name: 'Section' })
    expect(within(section).getAllByText('preview')).toHaveLength(4)
  })

  it('a tab is reached with the keyboard and opens its first sub-tab', async () => {
    signedInAs(testUser())
    const { router } = renderConsole('/clusters/overview')
    const main = await screen.findByRole('navigation', { name: 'Main' })
    within(main).getByRole('link', { name: 'Data' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/data/overview'))
  })

  it('a tab path without a sub-path goes to its first visible child', async () => {
    signedInAs(testUser())
    const { router } = renderConsole('/reports')
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/topx'))
  })

  it('the account menu names the user, role and cluster type and logs out (B002)', async () => {
    signedInAs(testUser({ username: 'ada', role: 'readonlyAdmin', isReadonlyAdmin: true }))
    const { router, store } = renderConsole('/clusters/overview')
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText(/ada · Read-only admin · CDH/)).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }))
    expect(screen.queryByRole('menuitem', { name: 'Upgrade plan' })).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(store.getState().session.user).toBeNull()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('M021 a freemium user asks for an upgrade from the account menu', async () => {
    const { requests } = stubApi(
      on('GET', '/api/v1/isValidToken', () =>
        json(testUser({ clusterType: 'DB', plan: 'freemium', unravelPlan: 'freemium' })),
      ),
      on('PUT', '/api/v1/ui/upgrade-plan', () => json({ status: 'success', message: '' })),
    )
    renderConsole('/home')
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Upgrade plan' }))
    expect(await screen.findByText('Upgrade request received.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1)
  })

  it('the footer names the product; the embedding parent can hide it (B016)', async () => {
    signedInAs(testUser())
    renderConsole('/clusters/overview')
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('costlens')
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'costlens:hide-navigation' }, source: window }),
      )
    })
    await waitFor(() => expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument())
  })
})

describe('the header search (02 §2 /globalsearch/{search})', () => {
  it('B030 opens the search results on Enter, the typed text encoded into the path', async () => {
    const { requests } = stubApi(
      on('GET', '/api/v1/isValidToken', () => json(testUser())),
      on('GET', '/signInMode', () => new Response('open')),
      on('GET', '/api/v1/apps/globalsearch', () => json({ results: [], total: 0 })),
    )
    const { router } = renderConsole('/clusters/overview')
    const box = await screen.findByRole('textbox', { name: 'Search applications' })
    expect(screen.getByRole('search')).toContainElement(box)
    expect(box).toHaveAttribute('placeholder', 'Search apps by id, name, user…')
    await userEvent.type(box, '  daily sales/2026 {Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/globalsearch/daily%20sales%2F2026'))
    expect(
      // The results page's code loads lazily: seconds on a busy machine.
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Search results for “daily sales/2026”' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(
        requests.some((r) => new URL(r.url).searchParams.get('searchString') === 'daily sales/2026'),
      ).toBe(true),
    )
    // The box keeps saying what the results are for.
    expect(screen.getByRole('textbox', { name: 'Search applications' })).toHaveValue('daily sales/2026')
  })

  it('is reached with the keyboard; an empty or blank box does nothing on Enter', async () => {
    signedInAs(testUser())
    const { router } = renderConsole('/clusters/overview')
    const box = await screen.findByRole('textbox', { name: 'Search applications' })
    box.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard('   {Enter}')
    expect(router.state.location.pathname).toBe('/clusters/overview')
    // Tab order: the tabs of the main navigation come before the box.
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .at(-1)!
      .focus()
    await userEvent.tab()
    expect(screen.getByRole('textbox', { name: 'Search applications' })).toHaveFocus()
  })

  it('B029 shows only to users whose layout has a built search results page', async () => {
    signedInAs(testUser({ clusterType: 'EMR' }))
    renderConsole('/clusters/overview')
    expect(await screen.findByRole('textbox', { name: 'Search applications' })).toBeInTheDocument()
  })

  it('B029 is not offered where the search results page is still planned (Databricks)', async () => {
    signedInAs(testUser({ clusterType: 'DB', role: 'admin', isAdmin: true }))
    renderConsole('/sql/osd_sql_overview')
    await screen.findByRole('navigation', { name: 'Main' })
    expect(screen.queryByRole('textbox', { name: 'Search applications' })).not.toBeInTheDocument()
  })
})
