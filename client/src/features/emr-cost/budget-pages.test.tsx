import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  budgetEndpoints,
  emrEndpoints,
  tagsEndpoints,
  type BudgetDetails,
  type CurrentUser,
} from '@costlens/shared'
import { testBudget, testCostDays, testEmrClusterPage } from '../../../test/emr.ts'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import type { Handler } from '../../../test/render.tsx'
import { renderWithProviders } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import BudgetListPage from './budget-list-page.tsx'
import BudgetDetailsPage from './budget-details-page.tsx'
import { BudgetStatusBadge } from './budget-status-badge.tsx'

const emrAdmin = testUser({ clusterType: 'EMR', role: 'admin' })
const emrReadonly = testUser({ clusterType: 'EMR', role: 'readonlyAdmin' })

const BUDGETS = [
  testBudget(),
  testBudget({
    id: 2,
    name: 'Team data',
    ...{ scopeType: 'tag', tagKey: 'team', tagValue: 'data', amount: 1000 },
    ...{ spendToDate: 1200, forecast: 1500, spentPercent: 120, status: 'Exceeded' },
  }),
]

/** The budgets list with its two budgets, the tags team=data and team=ml, and `extra` answers first. */
const renderList = (user: CurrentUser = emrAdmin, ...extra: Handler[]) =>
  renderPage(<BudgetListPage />, {
    route: '/cost/budget',
    user,
    stubs: [
      ...extra,
      stubEndpoint(budgetEndpoints.list, { budgets: BUDGETS, errors: [], limit: 200 }),
      stubEndpoint(tagsEndpoints.awsTags, [{ key: 'team', values: ['data', 'ml'] }]),
      stubEndpoint(emrEndpoints.clusterSearch, { ...testEmrClusterPage(), clusters: [], total: 0 }),
    ],
  })

describe('budget status badge', () => {
  it.each(['Ok', 'At Risk', 'Exceeded'] as const)('B256 %s shows its word', (status) => {
    renderWithProviders(<BudgetStatusBadge status={status} />)
    expect(screen.getByText(status)).toBeInTheDocument()
  })
})

describe('/cost/budget', () => {
  it('lists each budget with what it covers, its spend, forecast and status', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Budgets' })
    const first = within(table).getByRole('link', { name: 'All EMR clusters' }).closest('tr')!
    expect(first).toHaveTextContent('$ 50,000.00')
    expect(first).toHaveTextContent('$ 31,250.50 (62.5%)')
    expect(first).toHaveTextContent('$ 42,100.00')
    expect(within(first).getByText('At Risk')).toBeInTheDocument()
    const second = within(table).getByRole('link', { name: 'Team data' }).closest('tr')!
    expect(second).toHaveTextContent('Tag team = data')
    expect(within(second).getByText('Exceeded')).toBeInTheDocument()
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/cost/budget/1/details/')
  })

  it('B257 M077 the create form says what is wrong before sending anything', async () => {
    const { requests, user } = renderList()
    await user.click(await screen.findByRole('button', { name: 'Create budget' }))
    const form = await screen.findByRole('form', { name: 'Create budget' })
    await user.type(within(form).getByRole('textbox', { name: /Budget name/ }), 'all emr clusters')
    await user.type(within(form).getByRole('textbox', { name: /Amount a month/ }), '0')
    await user.click(within(form).getByRole('button', { name: 'Create budget' }))
    expect(await within(form).findByText('Budget name already exists.')).toBeInTheDocument()
    expect(within(form).getByText('Value cannot be zero.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  }, 20_000)

  it('creates a budget over a tag and sends only that scope', async () => {
    const { requests, user } = renderList(
      emrAdmin,
      stubEndpoint(budgetEndpoints.create, testBudget({ id: 3, name: 'ML spend' })),
    )
    await user.click(await screen.findByRole('button', { name: 'Create budget' }))
    const form = await screen.findByRole('form', { name: 'Create budget' })
    await user.type(within(form).getByRole('textbox', { name: /Budget name/ }), 'ML spend')
    await user.type(within(form).getByRole('textbox', { name: /Amount a month/ }), '2500.5')
    await user.click(within(form).getByRole('radio', { name: 'Clusters with a tag' }))
    await user.click(within(form).getByRole('combobox', { name: 'Tag key' }))
    await user.click(await screen.findByRole('option', { name: 'team' }))
    await user.click(within(form).getByRole('combobox', { name: 'Tag value' }))
    await user.click(await screen.findByRole('option', { name: 'ml' }))
    await user.click(within(form).getByRole('button', { name: 'Create budget' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined())
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({
      name: 'ML spend',
      amount: 2500.5,
      period: 'monthly',
      scopeType: 'tag',
      tagKey: 'team',
      tagValue: 'ml',
      thresholdPercent: 80,
    })
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create budget' })).not.toBeInTheDocument())
  }, 20_000)

  it('shows the server’s refusal beside the field it is about', async () => {
    const { user } = renderList(
      emrAdmin,
      stubError(budgetEndpoints.create, 400, 'Budget name already exists.'),
    )
    await user.click(await screen.findByRole('button', { name: 'Create budget' }))
    const form = await screen.findByRole('form', { name: 'Create budget' })
    await user.type(within(form).getByRole('textbox', { name: /Budget name/ }), 'Someone else’s')
    await user.type(within(form).getByRole('textbox', { name: /Amount a month/ }), '10')
    await user.click(within(form).getByRole('button', { name: 'Create budget' }))
    expect(await within(form).findByText('Budget name already exists.')).toBeInTheDocument()
  }, 20_000)

  it('deletes a budget only after the confirmation', async () => {
    const { requests, user } = renderList(
      emrAdmin,
      stubEndpoint(budgetEndpoints.remove, { id: 2, deleted: true }),
    )
    await user.click(await screen.findByRole('button', { name: 'Delete the budget Team data' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete budget' })
    expect(dialog).toHaveTextContent('Delete the budget “Team data”?')
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true))
  })

  it('offers a read-only admin no create, edit or delete', async () => {
    renderList(emrReadonly)
    await screen.findByRole('table', { name: 'Budgets' })
    expect(screen.queryByRole('button', { name: 'Create budget' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete the budget/ })).not.toBeInTheDocument()
  })
})

const renderDetails = (route: string, ...stubs: Handler[]) =>
  renderPage(<BudgetDetailsPage />, {
    route,
    path: '/cost/budget/:budget_id/details/',
    user: emrAdmin,
    stubs,
  })

describe('/cost/budget/{id}/details/', () => {
  const details: BudgetDetails = {
    budget: testBudget({
      amount: 250,
      spendToDate: 300,
      forecast: 900,
      spentPercent: 120,
      status: 'Exceeded',
    }),
    monthStart: Date.parse('2026-11-01T00:00:00Z'),
    monthEnd: Date.parse('2026-12-01T00:00:00Z'),
    daysInMonth: 30,
    // $ 100 a day from 2026-11-01: the third day $ 50 over the budget's share.
    rows: testCostDays(3, 100, Date.parse('2026-11-03T12:00:00Z')).map(({ ts: _, ...day }, i) => ({
      ...day,
      cumulativeCost: 100 * (i + 1),
      budgetOverrunCost: i === 2 ? 50 : 0,
    })),
  }

  it('shows the figures, the chart and the cost day rows, newest first', async () => {
    renderDetails('/cost/budget/1/details/', stubEndpoint(budgetEndpoints.details, details))
    const figures = await screen.findByRole('region', { name: 'Budget figures' })
    expect(figures).toHaveTextContent('$ 250.00')
    expect(figures).toHaveTextContent('$ 300.00')
    expect(figures).toHaveTextContent('120% of the amount, 3 of 30 days')
    expect(figures).toHaveTextContent('$ 900.00')
    expect(within(figures).getByText('Exceeded')).toBeInTheDocument()
    expect(
      screen.getByRole('figure', { name: 'Daily cost in 2026-11 against the budget' }),
    ).toBeInTheDocument()
    const rows = await tableRows('Cost by day')
    expect(rows[0]).toHaveTextContent('2026-11-03')
    expect(rows[0]).toHaveTextContent('$ 50.00')
  })

  it('says when the budget does not exist', async () => {
    renderDetails(
      '/cost/budget/9/details/',
      stubError(budgetEndpoints.details, 404, 'The budget 9 does not exist'),
    )
    expect(await screen.findByText('The budget 9 does not exist')).toBeInTheDocument()
  })
})
