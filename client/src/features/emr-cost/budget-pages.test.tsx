import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Budget, BudgetDetails } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import BudgetListPage from './budget-list-page.tsx'
import BudgetDetailsPage from './budget-details-page.tsx'
import { BudgetStatusBadge } from './budget-status-badge.tsx'

afterEach(() => vi.unstubAllGlobals())

const emrAdmin = signedIn(testUser({ clusterType: 'EMR', role: 'admin' }))
const emrReadonly = signedIn(testUser({ clusterType: 'EMR', role: 'readonlyAdmin' }))

const budget = (over: Partial<Budget>): Budget => ({
  id: 1,
  name: 'All EMR clusters',
  amount: 50_000,
  period: 'monthly',
  scopeType: 'all',
  clusterIds: [],
  tagKey: null,
  tagValue: null,
  thresholdPercent: 80,
  createdBy: 'emr',
  createdAt: 0,
  updatedAt: 0,
  month: '2026-11',
  spendToDate: 31_250.5,
  forecast: 42_100,
  spentPercent: 62.5,
  status: 'At Risk',
  ...over,
})

const BUDGETS = [
  budget({}),
  budget({
    id: 2,
    name: 'Team data',
    scopeType: 'tag',
    tagKey: 'team',
    tagValue: 'data',
    amount: 1000,
    spendToDate: 1200,
    forecast: 1500,
    spentPercent: 120,
    status: 'Exceeded',
  }),
]

function renderList(preloadedState = emrAdmin, ...extra: Parameters<typeof stubApi>) {
  const api = stubApi(
    ...extra,
    on('GET', '/api/v1/budgets', () => json({ budgets: BUDGETS, errors: [], limit: 200 })),
    on('GET', '/api/v1/search/awstags', () => json([{ key: 'team', values: ['data', 'ml'] }])),
    on('POST', '/api/v1/emr/clusters/search', () => json({ clusters: [], total: 0, metadata: {} })),
  )
  return { ...api, ...renderWithProviders(<BudgetListPage />, { preloadedState, route: '/cost/budget' }) }
}

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
      on('POST', '/api/v1/budgets', () => json(budget({ id: 3, name: 'ML spend' }))),
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
      on('POST', '/api/v1/budgets', () =>
        json({ statusCode: 400, error: 'Bad Request', message: 'Budget name already exists.' }, 400),
      ),
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
      on('DELETE', '/api/v1/budgets/2', () => json({ id: 2, deleted: true })),
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

const renderDetails = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/cost/budget/:budget_id/details/" element={<BudgetDetailsPage />} />
    </Routes>,
    { preloadedState: emrAdmin, route },
  )

describe('/cost/budget/{id}/details/', () => {
  const details: BudgetDetails = {
    budget: budget({ amount: 250, spendToDate: 300, forecast: 900, spentPercent: 120, status: 'Exceeded' }),
    monthStart: Date.parse('2026-11-01T00:00:00Z'),
    monthEnd: Date.parse('2026-12-01T00:00:00Z'),
    daysInMonth: 30,
    rows: [
      {
        date: '2026-11-01',
        cost: 100,
        costChange: 20,
        neglectedCost: 30,
        budgetOverrunCost: 0,
        cumulativeCost: 100,
        ec2: 70,
        emr: 20,
        ebs: 10,
      },
      {
        date: '2026-11-02',
        cost: 100,
        costChange: 0,
        neglectedCost: 0,
        budgetOverrunCost: 0,
        cumulativeCost: 200,
        ec2: 70,
        emr: 20,
        ebs: 10,
      },
      {
        date: '2026-11-03',
        cost: 100,
        costChange: 0,
        neglectedCost: 0,
        budgetOverrunCost: 50,
        cumulativeCost: 300,
        ec2: 70,
        emr: 20,
        ebs: 10,
      },
    ],
  }

  it('shows the figures, the chart and the cost day rows, newest first', async () => {
    stubApi(on('GET', '/api/v1/budgets/1', () => json(details)))
    renderDetails('/cost/budget/1/details/')
    const figures = await screen.findByRole('region', { name: 'Budget figures' })
    expect(figures).toHaveTextContent('$ 250.00')
    expect(figures).toHaveTextContent('$ 300.00')
    expect(figures).toHaveTextContent('120% of the amount, 3 of 30 days')
    expect(figures).toHaveTextContent('$ 900.00')
    expect(within(figures).getByText('Exceeded')).toBeInTheDocument()
    expect(
      screen.getByRole('figure', { name: 'Daily cost in 2026-11 against the budget' }),
    ).toBeInTheDocument()
    const rows = within(screen.getByRole('table', { name: 'Cost by day' }))
      .getAllByRole('row')
      .slice(1)
    expect(rows[0]).toHaveTextContent('2026-11-03')
    expect(rows[0]).toHaveTextContent('$ 50.00')
  })

  it('says when the budget does not exist', async () => {
    stubApi(
      on('GET', '/api/v1/budgets/9', () =>
        json({ statusCode: 404, error: 'Not Found', message: 'The budget 9 does not exist' }, 404),
      ),
    )
    renderDetails('/cost/budget/9/details/')
    expect(await screen.findByText('The budget 9 does not exist')).toBeInTheDocument()
  })
})
