import { act, configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChargebackResponse, CurrentUser, FinishedAppsResponse } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import type { ChargebackChartsProps } from './chargeback-charts.tsx'
import ChargebackPage from './chargeback-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

// A whole screen per test: give a busy machine time (the defaults are 1 s per wait, 5 s per test).
configure({ asyncUtilTimeout: 4000 })
vi.setConfig({ testTimeout: 20_000 })

// Drawing five Highcharts charts in jsdom on every render is slow and is not what these tests are
// about: chargeback-charts.test.tsx draws them. Here they say which level they were given.
vi.mock('./chargeback-charts.tsx', () => ({
  ChargebackCharts: ({ level, measures, groupLabel }: ChargebackChartsProps) => (
    <figure aria-label={`Charts by ${groupLabel}`}>
      {measures.map((m) => m.label).join(', ')}: {level.rows.map((r) => r.label).join(', ')}
    </figure>
  ),
}))

// ms in MB-seconds: 3,686,400 is 1 GB·hour.
const usage = (count: number, vs: number, ms: number, cents = 0) => ({ count, vs, ms, io: 0, cents })

/**
 * Yarn by application type and user: spark 2 CPU hours (alice 1.5, bob 0.5), mr (MapReduce) 1 hour
 * and no memory. The API names types by their codes; the screen shows the console's one casing.
 */
const yarn: ChargebackResponse = {
  cb: [
    {
      v1: 'spark',
      v1Label: 'spark',
      ...usage(3, 7200, 36_864_000, 250),
      cb: [
        { v2: 'alice', ...usage(2, 5400, 18_432_000, 200) },
        { v2: 'bob', ...usage(1, 1800, 18_432_000, 50) },
      ],
    },
    {
      v1: 'mr',
      v1Label: 'mr',
      ...usage(1, 3600, 0, 100),
      cb: [{ v2: 'alice', ...usage(1, 3600, 0, 100) }],
    },
  ],
  cbInfo: {
    from: 0,
    to: 1,
    groupBy: ['appType', 'user'],
    clusterUid: '*',
    total: usage(4, 10_800, 36_864_000, 350),
  },
}

const impala: ChargebackResponse = {
  cb: [
    {
      v1: 'carol',
      v1Label: 'carol',
      ...usage(5, 3600, 3_686_400),
      cb: [{ v2: 'root.bi', ...usage(5, 3600, 3_686_400) }],
    },
  ],
  cbInfo: {
    from: 0,
    to: 1,
    groupBy: ['realuser', 'queue'],
    clusterUid: '*',
    total: usage(5, 3600, 3_686_400),
  },
}

const finished: FinishedAppsResponse<'fapps'> = {
  hits: [
    {
      id: 'application_1_0001',
      name: 'nightly etl',
      kind: 'spark',
      status: 'S',
      user: 'alice',
      queue: 'root.etl',
      startTime: 1_700_000_000_000,
      finishedTime: 1_700_000_600_000,
      duration: 600_000,
      clusterUid: 'cdh-prod-01',
      clusterId: 'Production CDH',
      applicationType: 'SPARK',
      state: 'FINISHED',
      finalStatus: 'SUCCEEDED',
      memorySeconds: 123_456,
      vcoreSeconds: 789,
    },
  ],
  total: 31,
}

const prestoFinished: FinishedAppsResponse<'fpapps'> = {
  hits: [
    {
      id: '20261122_101500_00042_x7k2p',
      name: 'presto_adhoc_42',
      kind: 'presto',
      status: 'S',
      user: 'carol',
      queue: 'global.bi',
      startTime: 1_700_000_000_000,
      finishedTime: 1_700_000_004_000,
      duration: 4000,
      clusterUid: 'cdh-presto-01',
      clusterId: 'Presto Interactive CDH',
      id_name: '20261122_101500_00042_x7k2p presto_adhoc_42',
      cumUserMem: 3 * 2 ** 30,
      cpuTime: 12_500,
    },
  ],
  total: 1,
}

function render(
  route = '/clusters/chargeback',
  user: CurrentUser = testUser({ role: 'admin' }),
  tagsFail = false,
) {
  const api = stubApi(
    ...(tagsFail
      ? [on('GET', '/api/v1/search/cb/tags', () => json({ message: 'Internal Server Error' }, 500))]
      : []),
    on('GET', '/api/v1/search/ops/fapps', () => json(finished)),
    on('GET', '/api/v1/search/ops/fiapps', () => json({ hits: [], total: 0 })),
    on('GET', '/api/v1/search/cb/appType/user', () => json(yarn)),
    on('GET', '/api/v1/search/cb/appType', () =>
      json({ ...yarn, cb: yarn.cb.map(({ cb: _cb, ...r }) => r) }),
    ),
    on('GET', '/api/v1/search/cb/user/queue', () => json({ ...yarn, cb: [] })),
    on('GET', '/api/v1/search/cb/user', () => json({ ...yarn, cb: [] })),
    on('GET', '/api/v1/search/icb/realuser/queue', () => json(impala)),
    on('GET', '/api/v1/search/pcb/user/queue', () =>
      json({ ...impala, cbInfo: { ...impala.cbInfo, groupBy: ['user', 'queue'] } }),
    ),
    on('GET', '/api/v1/search/ops/fpapps', () => json(prestoFinished)),
    on('GET', '/api/v1/search/ops/fbqapps', () => json({ hits: [], total: 0 })),
    on('GET', '/api/v1/search/bqcb/user', () => json({ ...yarn, cb: [] })),
    on('GET', '/api/v1/search/bqcb/user/tag%3Ateam', () => json({ ...yarn, cb: [] })),
    on('GET', '/api/v1/search/bqcb/tag%3Ateam', () =>
      json({
        cb: [
          { v1: '', v1Label: '', ...usage(3, 7200, 0) },
          { v1: 'ml', v1Label: 'ml', ...usage(1, 3600, 0) },
        ],
        cbInfo: { from: 0, to: 1, groupBy: ['tag:team'], clusterUid: '*', total: usage(4, 10_800, 0) },
      }),
    ),
    on('GET', '/api/v1/search/cb/tags', () => json({ tags: [{ key: 'team', values: ['ml', 'bi'] }] })),
    on('GET', '/api/v1/cluster_search', () =>
      json([
        { unravelId: 'cdh-prod-01', displayName: 'Production CDH', clusterName: 'p', clusterType: 'Yarn' },
        { unravelId: 'cdh-impala-01', displayName: 'Impala CDH', clusterName: 'i', clusterType: 'Impala' },
      ]),
    ),
  )
  const view = renderWithProviders(<ChargebackPage />, { preloadedState: signedIn(user), route })
  const urls = () => api.requests.map((r) => new URL(r.url))
  const searches = () => urls().filter((u) => /\/search\/(?:[ip]|bq)?cb\/(?!tags)/.test(u.pathname))
  const finishedCalls = () => urls().filter((u) => u.pathname.startsWith('/api/v1/search/ops/'))
  return { ...view, ...api, searches, finishedCalls }
}

const table = (name: RegExp = /^Chargeback by/) => findSettledTable({ name })
/** The body rows of the table as the text of each cell. */
async function cells(name?: RegExp) {
  const rows = within(await table(name))
    .getAllByRole('row')
    .slice(1)
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  )
}

describe('/clusters/chargeback', () => {
  it('B146 B147 offers the types of the cluster type and opens on the first, Yarn', async () => {
    const { searches } = render()
    const types = screen.getByRole('radiogroup', { name: 'Chargeback type' })
    expect(
      within(types)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Yarn', 'Impala'])
    expect(screen.getByRole('radio', { name: 'Yarn' })).toBeChecked()
    await table(/by Application type/)
    expect(screen.getByRole('figure', { name: 'Charts by Application type' })).toHaveTextContent(
      'Apps, CPU hours, Memory hours: Spark, MapReduce',
    )
    expect(searches()[0]?.pathname).toBe('/api/v1/search/cb/appType/user')
    expect(searches()[0]?.searchParams.has('clusterUid')).toBe(false)
  })

  it('B156 B140 shows hours to 2 decimals, shares of the level total and the cost from cents', async () => {
    render()
    await waitFor(async () => expect(await cells()).toHaveLength(2))
    expect(await cells()).toEqual([
      ['Spark', '3', '2.00', '66.67%', '--', '10.00', '100.00%', '--', '$ 2.50'],
      ['MapReduce', '1', '1.00', '33.33%', '--', '0.00', '0.00%', '--', '$ 1.00'],
    ])
  })

  it('B157 prices the CPU and memory hours once a price is set', async () => {
    const { user, router } = render('/clusters/chargeback?vsAmount=1.5')
    await waitFor(async () => expect((await cells())[0]?.[4]).toBe('$ 3.00'))
    await user.type(screen.getByRole('textbox', { name: 'Memory GB·hour price' }), '0.1')
    await waitFor(() => expect(router.state.location.search).toBe('?msAmount=0.1&vsAmount=1.5'))
    await waitFor(async () => expect((await cells())[0]?.[7]).toBe('$ 1.00'))
  })

  it('B149 drills into a value, then goes back through the breadcrumb', async () => {
    const { user, router, searches } = render()
    await waitFor(async () => expect(await cells()).toHaveLength(2))
    const calls = searches().length
    await user.click(screen.getByRole('button', { name: 'Drill into Spark' }))
    await waitFor(() => expect(router.state.location.search).toBe('?drill=spark'))
    // The user level of spark: its nested rows, whose shares are of spark's own total.
    expect(await cells(/by User/)).toEqual([
      ['alice', '2', '1.50', '75.00%', '--', '5.00', '50.00%', '--', '$ 2.00'],
      ['bob', '1', '0.50', '25.00%', '--', '5.00', '50.00%', '--', '$ 0.50'],
    ])
    expect(screen.getByRole('figure', { name: 'Charts by User' })).toHaveTextContent('alice, bob')
    const path = screen.getByRole('navigation', { name: 'Drill path' })
    expect(within(path).getByText('Application type: Spark')).toHaveAttribute('aria-current', 'location')
    // The last group-by: nothing further to drill into, and no new search was needed.
    expect(screen.queryByRole('button', { name: /^Drill into/ })).toBeNull()
    expect(searches()).toHaveLength(calls)

    await user.click(within(path).getByRole('button', { name: 'All by Application type' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('button', { name: 'Drill into MapReduce' })).toBeInTheDocument()
  })

  it('a drill is a step Back undoes, while a price edit replaces the address', async () => {
    const { user, router } = render()
    await waitFor(async () => expect(await cells()).toHaveLength(2))
    await user.click(screen.getByRole('button', { name: 'Drill into Spark' }))
    await waitFor(() => expect(router.state.location.search).toBe('?drill=spark'))
    await user.type(screen.getByRole('textbox', { name: 'CPU hour price' }), '2')
    await waitFor(() => expect(router.state.location.search).toBe('?drill=spark&vsAmount=2'))
    await act(() => router.navigate(-1))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('button', { name: 'Drill into MapReduce' })).toBeInTheDocument()
  })

  it('B156 a drilled level whose total is zero shows 0.00%, not NaN', async () => {
    render('/clusters/chargeback?drill=mr')
    await waitFor(async () => expect(await cells(/by User/)).toHaveLength(1))
    expect((await cells(/by User/))[0]).toEqual([
      'alice',
      '1',
      '1.00',
      '100.00%',
      '--',
      '0.00',
      '0.00%',
      '--',
      '$ 1.00',
    ])
  })

  it('B151 B117 caps the group-bys at 2 with the max-select message', async () => {
    const { user, router, searches } = render()
    await table()
    expect(screen.getByText(/^max select/)).toBeInTheDocument()
    const input = screen.getByRole('combobox', { name: 'Group by' })
    await user.click(input)
    await user.click(await screen.findByRole('option', { name: 'Queue' }))
    expect(router.state.location.search).toBe('')

    // Removing one makes room: the third can then be chosen, and the search follows the new order.
    // A chosen option unticks from the list (the pills' own remove buttons are for the mouse).
    await user.click(screen.getByRole('option', { name: 'Application type' }))
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=user'))
    expect(screen.queryByText(/^max select/)).toBeNull()
    await user.click(await screen.findByRole('option', { name: 'Queue' }))
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=user%2Cqueue'))
    await waitFor(() => expect(searches().at(-1)?.pathname).toBe('/api/v1/search/cb/user/queue'))
  })

  it('B148 switching type loads the other flavour and brings the first back as it was left', async () => {
    const { user, router, searches } = render('/clusters/chargeback?drill=spark')
    await table(/by User/)
    await user.click(screen.getByRole('radio', { name: 'Impala' }))
    await waitFor(() => expect(router.state.location.search).toBe('?cbType=Impala'))
    await waitFor(() => expect(searches().at(-1)?.pathname).toBe('/api/v1/search/icb/realuser/queue'))
    // B299: the Impala headers.
    const headers = within(await table(/by User/)).getAllByRole('columnheader')
    expect(headers.map((h) => h.textContent?.trim())).toEqual([
      'User',
      'Job count',
      'CPU hours',
      'CPU %',
      'CPU cost',
      'Memory hours',
      'Memory %',
      'Memory cost',
    ])
    expect(await screen.findByRole('button', { name: 'Drill into carol' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Yarn' }))
    await waitFor(() => expect(router.state.location.search).toBe('?drill=spark'))
  })

  it('Presto (enabled): usage by user and resource group, the spec columns, the finished queries (E045, E021)', async () => {
    const { user, router, searches } = render(
      '/clusters/chargeback',
      testUser({ role: 'admin', prestoEnabled: true }),
    )
    await table()
    await user.click(screen.getByRole('radio', { name: 'Presto' }))
    await waitFor(() => expect(router.state.location.search).toBe('?cbType=Presto'))
    await waitFor(() => expect(searches().at(-1)?.pathname).toBe('/api/v1/search/pcb/user/queue'))
    const headers = within(await table(/by User/)).getAllByRole('columnheader')
    expect(headers.map((h) => h.textContent?.trim())).toEqual([
      'User',
      'Query count',
      'CPU hours',
      'CPU %',
      'Memory hours',
      'Memory %',
      'CPU cost',
      'Memory cost',
    ])
    const queries = await findSettledTable({ name: /^Finished queries/ })
    expect(within(queries).getByRole('columnheader', { name: /Resource group/ })).toBeInTheDocument()
    expect(within(queries).getByText('global.bi')).toBeInTheDocument()
    // 12.5 s of CPU; 3 GiB held for a second each.
    expect(within(queries).getByText('3.00 GB·s')).toBeInTheDocument()
  })

  it('B153 BigQuery groups by a tag key of the window; the untagged jobs are one group', async () => {
    const gcp = testUser({ role: 'admin', clusterType: 'GCP' as never })
    const { user, router, searches } = render('/clusters/chargeback?groupBy=user', gcp)
    await table(/by User/)
    await user.click(screen.getByRole('combobox', { name: 'Group by' }))
    await user.click(await screen.findByRole('option', { name: 'Tag: team' }))
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=user%2Ctag%3Ateam'))
    await waitFor(() => expect(searches().at(-1)?.pathname).toBe('/api/v1/search/bqcb/user/tag%3Ateam'))
    // Untick User: the top level is the tag's values, the jobs without it as "(no team tag)".
    await user.click(screen.getByRole('option', { name: 'User' }))
    await waitFor(() => expect(searches().at(-1)?.pathname).toBe('/api/v1/search/bqcb/tag%3Ateam'))
    const rows = await cells(/by Tag: team/)
    expect(rows.map((r) => r[0])).toEqual(['(no team tag)', 'ml'])
  })

  // EMR and Databricks have their flavours (emr-chargeback.test.tsx, databricks-chargeback.test.tsx).

  it('C20 B059 a freemium user gets no tags (an upgrade prompt instead) and no download', async () => {
    const { requests, searches } = render('/clusters/chargeback?tags=team:ml', testUser({ plan: 'freemium' }))
    await table()
    expect(screen.queryByRole('button', { name: /^Tags/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Upgrade plan' })).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: /Download Chargeback by Application type \(.*Upgrade/ }),
    ).toBeInTheDocument()
    expect(requests.some((r) => r.url.includes('/search/cb/tags'))).toBe(false)
    expect(searches()[0]?.searchParams.has('tags')).toBe(false)
  })

  it('issue 15 #18 a 500 on the tags keeps the chargeback and says the tags could not be loaded, with a retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { user } = render(undefined, undefined, true)
    await table()
    await user.click(screen.getByRole('button', { name: 'Tags' }))
    const alert = await screen.findByRole('alert', { name: 'Filter by tags could not be loaded' })
    expect(alert).toHaveTextContent('Internal Server Error')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(await table()).toBeInTheDocument()
    warn.mockRestore()
  })

  it('a paid user filters by tags, sent as key:value', async () => {
    const { user, router, searches } = render()
    await table()
    await user.click(screen.getByRole('button', { name: 'Tags' }))
    await user.click(await screen.findByRole('checkbox', { name: 'team: ml' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tags=team%3Aml'))
    await waitFor(() => expect(searches().at(-1)?.searchParams.get('tags')).toBe('team:ml'))
  })

  it('B033 keeps the date range in the address and asks for that window', async () => {
    const { searches } = render('/clusters/chargeback?start_date=1700000000000&end_date=1700600000000')
    await table()
    expect(screen.getByRole('button', { name: /^Date range:/ })).not.toHaveTextContent('Last 7 Days')
    expect(searches()[0]?.searchParams.get('from')).toBe('1700000000000')
    expect(searches()[0]?.searchParams.get('to')).toBe('1700600000000')
  })

  it('B152 the cluster dropdown offers only the clusters of the flavour and sends the one chosen', async () => {
    const { user, searches } = render()
    await table()
    await user.click(screen.getByRole('combobox', { name: 'Cluster' }))
    expect(await screen.findByRole('option', { name: 'Production CDH' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Impala CDH' })).toBeNull()
    await user.click(screen.getByRole('option', { name: 'Production CDH' }))
    await waitFor(() => expect(searches().at(-1)?.searchParams.get('clusterUid')).toBe('cdh-prod-01'))
  })

  it('lists the finished apps behind the level, filtered by the value drilled into, paged on the server', async () => {
    const { user, finishedCalls } = render('/clusters/chargeback?clusterUid=cdh-prod-01')
    const apps = await findSettledTable({ name: 'Finished apps' })
    await waitFor(() => expect(within(apps).getAllByRole('row')).toHaveLength(2))
    expect(within(apps).getAllByRole('row')[1]).toHaveTextContent('nightly etl')
    expect(Object.fromEntries(finishedCalls()[0]!.searchParams)).toMatchObject({
      clusterUid: 'cdh-prod-01',
      sort: '-finishedTime',
      from: '0',
      size: '10',
    })
    await user.click(
      within(screen.getByRole('region', { name: 'Finished apps' })).getByRole('button', {
        name: 'Next page',
      }),
    )
    await waitFor(() => expect(finishedCalls().at(-1)?.searchParams.get('from')).toBe('10'))

    await user.click(screen.getByRole('button', { name: 'Drill into Spark' }))
    expect(await findSettledTable({ name: 'Finished apps of Spark' })).toBeInTheDocument()
    await waitFor(() => expect(finishedCalls().at(-1)?.searchParams.get('kind')).toBe('spark'))
    expect(finishedCalls().at(-1)?.searchParams.get('from')).toBe('0')
  })

  it('B279 copies the link of the chargeback and says so', async () => {
    // user-event puts its own clipboard on the page.
    const { user } = render('/clusters/chargeback?drill=spark')
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('URL successfully copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/clusters/chargeback?drill=spark`,
    )
  })

  it('B147 a cluster type without chargeback types shows the no-clusters state', () => {
    render('/clusters/chargeback', testUser({ clusterType: 'K8S' }))
    expect(screen.getByText('No clusters')).toBeInTheDocument()
  })
})
