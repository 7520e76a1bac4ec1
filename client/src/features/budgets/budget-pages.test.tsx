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
import { BudgetStatusBadge } from '../../kit/budget-status-badge.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

const emrAdmin = testUser({ clusterType: 'EMR', role: 'admin' })
const emrReadonly = testUser({ clusterType: 'EMR', role: 'readonlyAdmin' })
const dbUser = testUser({ clusterType: 'DB', role: 'user' })
const dbFreemium = testUser({ clusterType: 'DB', role: 'user', plan: 'freemium' })
const NO_CHOICES = { workspaces: [], tags: [] }

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
      stubEndpoint(budgetEndpoints.list, {
        platform: 'EMR',
        budgets: BUDGETS,
        errors: [],
        limit: 200,
        choices: NO_CHOICES,
      }),
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
    const table = await findSettledTable({ name: 'Budgets' })
    const first = (await within(table).findByRole('link', { name: 'All EMR clusters' })).closest('tr')!
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
    await findSettledTable({ name: 'Budgets' })
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
      dbuCost: 0,
      vmCost: 0,
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

/** A Databricks budget over one workspace, as the list answers it. */
const dbBudget = testBudget({
  id: 7,
  platform: 'DB',
  name: 'Workspace acme-prod-aws',
  scopeType: 'workspaces',
  workspaces: ['acme-prod-aws'],
  amount: 2000,
  spendToDate: 1500,
  forecast: 1900,
  spentPercent: 75,
  status: 'At Risk',
  createdBy: 'databricks',
})

const renderDbList = (user: CurrentUser = dbUser, ...extra: Handler[]) =>
  renderPage(<BudgetListPage />, {
    route: '/cost_explorer/budgets',
    user,
    stubs: [
      ...extra,
      stubEndpoint(budgetEndpoints.list, {
        platform: 'DB',
        budgets: [
          testBudget({ id: 6, platform: 'DB', name: 'All Databricks workspaces', status: 'Ok' }),
          dbBudget,
        ],
        errors: [],
        limit: 200,
        choices: {
          workspaces: ['acme-analytics-azure', 'acme-prod-aws'],
          tags: [{ key: 'env', values: ['dev', 'prod'] }],
        },
      }),
    ],
  })

describe('/cost_explorer/budgets (R181): the Databricks budgets on the same pages', () => {
  it('lists the budgets with their workspaces, linking to their details under /cost_explorer/budgets', async () => {
    const { requests } = renderDbList()
    const table = await findSettledTable({ name: 'Budgets' })
    const row = (await within(table).findByRole('link', { name: 'Workspace acme-prod-aws' })).closest('tr')!
    expect(row).toHaveTextContent('workspace acme-prod-aws')
    expect(row).toHaveTextContent('$ 1,500.00 (75%)')
    expect(within(row).getByText('At Risk')).toBeInTheDocument()
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/cost_explorer/budgets/7/details/')
    // Its name, and what it covers.
    expect(within(table).getAllByText('All Databricks workspaces')).toHaveLength(2)
    expect(screen.getByText(/Monthly Databricks cost budgets/)).toBeInTheDocument()
    // The EMR clusters' AWS tags are not asked for: the Databricks tags come with the list.
    expect(requests.some((r) => r.url.includes('awstags'))).toBe(false)
  })

  it('creates a budget over chosen workspaces and sends only that scope', async () => {
    const { requests, user } = renderDbList(
      dbUser,
      stubEndpoint(budgetEndpoints.create, testBudget({ id: 8, platform: 'DB', name: 'Analytics' })),
    )
    await user.click(await screen.findByRole('button', { name: 'Create budget' }))
    const form = await screen.findByRole('form', { name: 'Create budget' })
    expect(within(form).queryByRole('radio', { name: 'Chosen clusters' })).not.toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /Budget name/ }), 'Analytics')
    await user.type(within(form).getByRole('textbox', { name: /Amount a month/ }), '900')
    await user.click(within(form).getByRole('radio', { name: 'Chosen workspaces' }))
    await user.click(within(form).getByRole('button', { name: 'Create budget' }))
    expect(await within(form).findByText('At least one workspace is required.')).toBeInTheDocument()
    await user.click(within(form).getByPlaceholderText('Choose workspaces'))
    await user.click(await screen.findByRole('option', { name: 'acme-analytics-azure' }))
    await user.click(within(form).getByRole('button', { name: 'Create budget' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined())
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({
      name: 'Analytics',
      amount: 900,
      period: 'monthly',
      scopeType: 'workspaces',
      workspaces: ['acme-analytics-azure'],
      thresholdPercent: 80,
    })
  }, 45_000)

  it('the free plan: no tag scope and no download', async () => {
    const { user } = renderDbList(dbFreemium)
    await findSettledTable({ name: 'Budgets' })
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create budget' }))
    const form = await screen.findByRole('form', { name: 'Create budget' })
    expect(within(form).getByRole('radio', { name: 'Usage with a tag' })).toBeDisabled()
  }, 20_000)

  it('details: the day split into DBUs and cloud VMs, the breadcrumb back to /cost_explorer/budgets', async () => {
    renderPage(<BudgetDetailsPage />, {
      route: '/cost_explorer/budgets/7/details/',
      path: '/cost_explorer/budgets/:budget_id/details/',
      user: dbUser,
      stubs: [
        stubEndpoint(budgetEndpoints.details, {
          budget: dbBudget,
          monthStart: Date.parse('2026-11-01T00:00:00Z'),
          monthEnd: Date.parse('2026-12-01T00:00:00Z'),
          daysInMonth: 30,
          rows: [
            {
              date: '2026-11-01',
              cost: 120,
              costChange: 0,
              neglectedCost: 0,
              budgetOverrunCost: 0,
              cumulativeCost: 120,
              ...{ ec2: 0, emr: 0, ebs: 0, dbuCost: 80, vmCost: 40 },
            },
          ],
        }),
      ],
    })
    const rows = await tableRows('Cost by day')
    expect(rows[0]).toHaveTextContent('$ 80.00')
    expect(rows[0]).toHaveTextContent('$ 40.00')
    expect(screen.getByRole('columnheader', { name: /Cloud VMs/ })).toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: /EC2/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Budgets' })).toHaveAttribute('href', '/cost_explorer/budgets')
    expect(screen.getByText(/1 workspace: acme-prod-aws/)).toBeInTheDocument()
  })
})
