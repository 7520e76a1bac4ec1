import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  appDetailsEndpoints as details,
  databricksDetailsEndpoints as calls,
  MESSAGES,
} from '@costlens/shared'
import { kpiTexts, renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import AppDetailsPage from './app-details-page.tsx'
import {
  DB_RUN_KEY,
  dbConf,
  dbConfNotAvailable,
  dbErrorView,
  dbMetrics,
  dbProgram,
  dbSummary,
  dbTasks,
  dbUsage,
} from './databricks-test-data.ts'

const slow = { timeout: 5_000 }
const address = (tab = '') => `/app/application/db?execId=${DB_RUN_KEY}${tab ? `&tab=${tab}` : ''}`

const render = (route: string, { summary = dbSummary, conf = dbConf } = {}) =>
  renderPage(<AppDetailsPage />, {
    route,
    path: '/app/application/:appType',
    stubs: [
      stubEndpoint(calls.appSummary, summary),
      stubEndpoint(calls.taskRuns, dbTasks),
      stubEndpoint(calls.errorView, dbErrorView),
      stubEndpoint(calls.taskConf, conf),
      stubEndpoint(calls.taskProgram, (r: Request) => dbProgram(r.url.split('/tasks/')[1]!.split('/')[0]!)),
      stubEndpoint(calls.taskTags, dbSummary.run.tags),
      stubEndpoint(calls.taskResourceMetrics, dbMetrics),
      stubEndpoint(calls.taskResourceUsage, dbUsage),
    ],
  })

describe(
  '/app/application/db: a Databricks run’s details (issue 20 Run details)',
  { timeout: 20_000 },
  () => {
    it('the header: job, run, state, compute and the run’s costs; links to the job’s runs and the cluster; no can_access', async () => {
      const page = render(address())
      expect(
        await screen.findByRole('heading', { name: 'customer_churn_model · run 9013' }, slow),
      ).toBeInTheDocument()
      expect(kpiTexts()).toEqual([
        'Total cost (USD)$ 31.95',
        'DBUs21',
        'DBU cost (USD)$ 6.30',
        'VM cost (USD)$ 25.65',
        'Duration2h',
        'Run asbob@acme.example',
      ])
      expect(screen.getByText('TERMINATED / FAILED')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'customer_churn_model (201): its runs' })).toHaveAttribute(
        'href',
        '/jobs/runs?jobIds=201',
      )
      expect(screen.getByRole('link', { name: '1126-060000-q7k2m9xa' })).toHaveAttribute(
        'href',
        '/compute/cluster_summary?clusterUid=1126-060000-q7k2m9xa',
      )
      expect(screen.getByText('env=dev, team=analytics')).toBeInTheDocument()
      const tabs = within(screen.getByRole('tablist'))
      expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'Summary',
        'Tasks',
        'Errors',
        'Configuration',
        'Program',
        'Resources',
        'Insights',
      ])
      expect(page.bodies(details.canAccess)).toHaveLength(0)
    })

    it('B195 a run whose cost is not final says so instead of $ 0.00', async () => {
      const run = { ...dbSummary.run, dbus: 0, cost: 0, total_cost: 0, cents: 0, costFinal: false }
      render(address(), { summary: { annotation: { cents: 0, dbuCost: 0 }, run } })
      await screen.findByRole('heading', { name: 'customer_churn_model · run 9013' }, slow)
      expect(kpiTexts().slice(0, 4)).toEqual([
        'Total cost (USD)Not final yet',
        'DBUsNot final yet',
        'DBU cost (USD)Not final yet',
        'VM cost (USD)Not final yet',
      ])
    })

    it('Tasks: each task run with its type, dependencies, state, time and share of the cost', async () => {
      render(address('tasks'))
      const rows = await tableRows('Task runs', slow)
      expect(rows).toHaveLength(3)
      expect(rows[0]).toHaveTextContent('features')
      expect(rows[0]).toHaveTextContent('FAILED')
      expect(rows[0]).toHaveTextContent('$ 31.95')
      expect(rows[2]).toHaveTextContent('PYTHON_WHEEL')
      expect(rows[2]).toHaveTextContent('train')
      expect(rows[2]).toHaveTextContent('UPSTREAM_FAILED')
    })

    it('Errors: the run’s error and the tasks that failed or did not run', async () => {
      render(address('errors'))
      expect(await screen.findByRole('heading', { name: 'Why the run failed' }, slow)).toBeInTheDocument()
      // Once as the run's error, once on the failing task's row.
      expect(screen.getAllByText(/java.lang.OutOfMemoryError: Java heap space/)).toHaveLength(2)
      const rows = await tableRows('Tasks that failed or did not run', slow)
      expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
        'FAILED',
        'UPSTREAM_FAILED',
        'UPSTREAM_FAILED',
      ])
      expect(rows[1]).toHaveTextContent('Not run: an upstream task failed')
    })

    it('Configuration: the cluster spec, Spark conf and run info of the chosen task', async () => {
      const page = render(address('configuration'))
      expect(await screen.findByText('Fixed 6', {}, slow)).toBeInTheDocument()
      expect(await tableRows('Spark configuration')).toHaveLength(2)
      expect(screen.getByText(/"node_type_id": "Standard_DS4_v2"/)).toBeInTheDocument()
      await waitFor(() =>
        expect(page.requests.some((r) => r.url.includes('/tasks/features/conf'))).toBe(true),
      )
    })

    it('02 §8 Configuration without a cluster to show: M060', async () => {
      render(address('configuration'), { conf: dbConfNotAvailable })
      expect(await screen.findByText(MESSAGES.M060, {}, slow)).toBeInTheDocument()
    })

    it('Program: the task picker (kept in the address) shows each task’s notebook or wheel entry point', async () => {
      const { user, router } = render(address('program'))
      expect(await screen.findByText('/Users/bob@acme.example/churn/features', {}, slow)).toBeInTheDocument()
      await user.click(await screen.findByRole('combobox', { name: 'Task' }, slow))
      await user.click(await screen.findByRole('option', { name: 'publish' }))
      expect(await screen.findByText('churn_model', {}, slow)).toBeInTheDocument()
      expect(router.state.location.search).toContain('task=publish')
    })

    it('Resources: CPU, memory and DBU charts of the task', async () => {
      render(address('resources'))
      for (const name of ['CPU', 'Memory used', 'DBUs'])
        expect(await screen.findByRole('figure', { name }, slow)).toBeInTheDocument()
    })

    it('Insights: an insight card with its recommendation and saving per run', async () => {
      render(address('insights'))
      const card = await screen.findByRole('article', { name: 'On-demand workers where spot fits' }, slow)
      expect(card).toHaveTextContent('Estimated saving $ 15.39 per run')
      expect(card).toHaveTextContent('Use SPOT_WITH_FALLBACK')
    })

    it('an unknown run shows M026', async () => {
      renderPage(<AppDetailsPage />, {
        route: address(),
        path: '/app/application/:appType',
        stubs: [
          stubError(
            calls.appSummary,
            404,
            `Information for this application ${DB_RUN_KEY} is not available.`,
          ),
        ],
      })
      expect(
        await screen.findByText(`Information for this application ${DB_RUN_KEY} is not available.`, {}, slow),
      ).toBeInTheDocument()
    })
  },
)
