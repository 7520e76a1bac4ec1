import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  appDetailsEndpoints as details,
  sparkEndpoints as spark,
  tezEndpoints as tez,
} from '@costlens/shared'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import AppDetailsPage from './app-details-page.tsx'
import { failedSpark, sparkJobs } from './app-details-test-data.ts'
import TezDagPage from './tez-dag-page.tsx'
import {
  failedTez,
  sparkJobDag,
  TEZ_APP_ID,
  TEZ_DAG_ID,
  tezDag,
  tezDagHours,
  tezDagList,
} from './tez-test-data.ts'

// A shared machine renders tables slowly: wait for them longer than 1 s.
const slow = { timeout: 5_000 }
const tezAddress = `/app/application/tez?execId=${TEZ_APP_ID}&clusterUid=cdh-etl-02&tab=dags`
const dagAddress = `/app/application/dag/?appId=${TEZ_APP_ID}&dagId=${TEZ_DAG_ID}&clusterUid=cdh-etl-02`

const stubs = [
  stubEndpoint(details.canAccess, { canAccessApp: true, appExist: true }),
  stubEndpoint(details.summary, (r: Request) => (r.url.includes(TEZ_APP_ID) ? failedTez : failedSpark)),
  stubEndpoint(tez.dagList, tezDagList),
  stubEndpoint(tez.dagHours, tezDagHours),
  stubEndpoint(tez.dag, tezDag),
  stubEndpoint(spark.jobs, sparkJobs),
  stubEndpoint(spark.jobDag, sparkJobDag),
]
const renderDetails = (route: string) =>
  renderPage(<AppDetailsPage />, { route, path: '/app/application/:appType', stubs })
const renderDagPage = (route: string, extra = [] as typeof stubs) =>
  renderPage(<TezDagPage />, { route, path: '/app/application/dag/', stubs: [...extra, ...stubs] })

describe('/app/application/tez: the DAGs tab', { timeout: 20_000 }, () => {
  it('02 §2 a Tez app has a DAGs tab listing its DAGs with their Tez status (02 §4 map), times and task counts', async () => {
    renderDetails(tezAddress)
    const tabs = within(await screen.findByRole('tablist', { name: 'tez_query_932 sections' }, slow))
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Summary',
      'DAGs',
      'Errors',
      'Resources',
      'Insights',
    ])
    const [dag] = await tableRows('Tez DAGs', slow)
    expect(dag).toHaveTextContent(TEZ_DAG_ID)
    expect(dag).toHaveTextContent('tez_query_932:1')
    expect(within(dag!).getByText('Failed')).toBeInTheDocument()
    expect(dag).toHaveTextContent('58s')
  })

  it("the first DAG's graph, its vertices with 02 §2's fields, and the failed vertex's tasks with container and diagnostics", async () => {
    renderDetails(tezAddress)
    const graph = await screen.findByRole('group', { name: `Graph of DAG ${TEZ_DAG_ID}` }, slow)
    expect(
      within(graph)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
        .sort(),
    ).toEqual([
      'Map 1: Succeeded, 2 tasks · 38s',
      'Map 2: Failed, 2 tasks · 1 failed · 38s',
      'Reducer 3: Succeeded, 1 tasks · 38s',
    ])
    const vertices = await tableRows(`Vertices of ${TEZ_DAG_ID}`, slow)
    expect(vertices).toHaveLength(3)
    expect(vertices[1]).toHaveTextContent(
      /Map 2--Failed.*38s2110.*1\.16 GB0 BVertex failed, vertexName=Map 2/,
    )
    expect(vertices[2]).toHaveTextContent(/^Reducer 3Map 1, Map 2 \(broadcast\)Succeeded/)
    // Nothing asked: the vertex that failed is the one shown, its row highlighted.
    expect(vertices[1]).toHaveAttribute('aria-selected', 'true')
    const tasks = await tableRows('Tasks of Map 2', slow)
    expect(tasks).toHaveLength(2)
    expect(tasks[1]).toHaveTextContent('container_1743829759_000932_01_0000011')
    expect(tasks[1]).toHaveTextContent('java.lang.OutOfMemoryError: Java heap space')
    expect(await tableRows(`Tasks of ${TEZ_DAG_ID} by hour`, slow)).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Open the DAG page' })).toHaveAttribute(
      'href',
      `/app/application/dag/?appId=${TEZ_APP_ID}&dagId=${TEZ_DAG_ID}&clusterUid=cdh-etl-02`,
    )
  })

  it('choosing a vertex in the graph (keyboard) lists its tasks, highlights its row and keeps it in the address', async () => {
    const { user, router } = renderDetails(tezAddress)
    const graph = await screen.findByRole('group', { name: `Graph of DAG ${TEZ_DAG_ID}` }, slow)
    within(graph)
      .getByRole('button', { name: /^Reducer 3:/ })
      .focus()
    await user.keyboard('{Enter}')
    expect(await tableRows('Tasks of Reducer 3', slow)).toHaveLength(1)
    await waitFor(() => expect(router.state.location.search).toContain('vertex=Reducer+3'))
    expect(within(graph).getByRole('button', { name: /^Reducer 3:/ })).toHaveAttribute('aria-pressed', 'true')
    const vertices = await tableRows(`Vertices of ${TEZ_DAG_ID}`, slow)
    expect(vertices[2]).toHaveAttribute('aria-selected', 'true')
    // The table chooses too: its vertex names are buttons.
    await user.click(within(vertices[0]!).getByRole('button', { name: 'Map 1' }))
    expect(await tableRows('Tasks of Map 1', slow)).toHaveLength(2)
  })
})

describe('/app/application/dag/ (R107): a Tez DAG page', { timeout: 20_000 }, () => {
  it("shows the DAG's name, status and figures, its graph and vertices, and links back to its app", async () => {
    const { queries } = renderDagPage(dagAddress)
    expect(await screen.findByRole('heading', { name: 'tez_query_932:1' }, slow)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: `Application ${TEZ_APP_ID}` })).toHaveAttribute(
      'href',
      `/app/application/tez?execId=${TEZ_APP_ID}&clusterUid=cdh-etl-02`,
    )
    expect(await screen.findByRole('group', { name: `Graph of DAG ${TEZ_DAG_ID}` }, slow)).toBeInTheDocument()
    expect(await tableRows(`Vertices of ${TEZ_DAG_ID}`, slow)).toHaveLength(3)
    expect(queries(tez.dag).length).toBeGreaterThan(0)
  })

  it.each([
    ['no DAG named', `/app/application/dag/?appId=${TEZ_APP_ID}`, /No DAG is named in the address/],
    [
      'a malformed DAG id',
      `/app/application/dag/?appId=${TEZ_APP_ID}&dagId=dag_x`,
      /does not name a Tez DAG/,
    ],
  ])('%s: the not-found state, and no call', async (_, route, text) => {
    const { queries } = renderDagPage(route)
    expect(await screen.findByText(text, {}, slow)).toBeInTheDocument()
    expect(queries(tez.dag)).toHaveLength(0)
  })

  it("an unknown app: the call's 02 §8 message as the not-found state", async () => {
    const message = `Information for this application ${TEZ_APP_ID} is not available.`
    renderDagPage(dagAddress, [stubError(tez.dag, 404, message)])
    expect(await screen.findByText(message, {}, slow)).toBeInTheDocument()
  })
})

describe('/app/application/spark: a job’s stage DAG under the Jobs tab', { timeout: 20_000 }, () => {
  it('choosing a job draws only its stages (skipped ones in words), and a stage chosen in the graph is highlighted in the table', async () => {
    const { user, router, queries } = renderDetails(
      `/app/application/spark?execId=${failedSpark.id}&clusterUid=cdh-prod-01&tab=jobs`,
    )
    await tableRows('Spark jobs', slow)
    expect(screen.getByText(/Choose a job's Show DAG/)).toBeInTheDocument()
    expect(queries(spark.jobDag)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Show the DAG of job 0' }))
    const graph = await screen.findByRole('group', { name: 'Stage DAG of job 0' }, slow)
    expect(within(graph).getAllByRole('button')).toHaveLength(3)
    expect(
      within(graph).getByRole('button', {
        name: 'Stage 1: Skipped, 44 tasks, showString at NativeMethodAccessorImpl.java:0',
      }),
    ).toBeInTheDocument()
    expect(graph.querySelectorAll('path[marker-end]')).toHaveLength(2)
    await waitFor(() => expect(router.state.location.search).toContain('job=0'))
    await user.click(within(graph).getByRole('button', { name: /^Stage 2:/ }))
    const stages = await tableRows('Stages of job 0', slow)
    await waitFor(() => expect(stages[2]).toHaveAttribute('aria-selected', 'true'))
    expect(stages[2]).toHaveTextContent('0, 1')
    // The table chooses too: its stage ids are buttons.
    await user.click(within(stages[0]!).getByRole('button', { name: 'Stage 0' }))
    await waitFor(() => expect(router.state.location.search).toContain('stage=0'))
    expect(within(graph).getByRole('button', { name: /^Stage 0:/ })).toHaveAttribute('aria-pressed', 'true')
  })
})
