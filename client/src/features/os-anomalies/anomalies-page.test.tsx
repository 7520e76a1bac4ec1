import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  snowflakeAnomalyEndpoints as sf,
  type Contributors,
  type Detector,
  type DetectorOptions,
  type DetectorResults,
} from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import AnomaliesPage from './anomalies-page.tsx'
import { detectorDraftErrors, newDetectorDraft } from './detector-form.tsx'

const HOUR = 3_600_000
const AT = Date.parse('2026-11-22T10:00:00Z')
const admin = testUser({ clusterType: 'SNOWFLAKE', role: 'admin', username: 'snowflake' })
const ROUTE = '/osd_anomalies'

const OPTIONS: DetectorOptions = {
  platform: 'SNOWFLAKE',
  metrics: [
    {
      id: 'credits',
      label: 'Credits used per hour',
      unit: 'credits',
      scope: 'warehouse',
      decimals: 4,
      description: 'd',
    },
    {
      id: 'failed_queries',
      label: 'Failed queries per hour',
      unit: 'queries',
      scope: 'warehouse',
      decimals: 0,
      description: 'd',
    },
  ],
  categoryFields: [
    { id: 'warehouse', label: 'Warehouse' },
    { id: 'user', label: 'User' },
  ],
  sensitivities: ['low', 'medium', 'high'],
  maxEntities: 10,
}

const detector = (over: Partial<Detector> & Pick<Detector, 'id' | 'name'>): Detector => ({
  platform: 'SNOWFLAKE',
  description: 'Credits per hour of the busiest warehouses.',
  metric: 'credits',
  metricLabel: 'Credits used per hour',
  unit: 'credits',
  decimals: 4,
  categoryField: 'warehouse',
  categoryLabel: 'Warehouse',
  sensitivity: 'medium',
  intervalMinutes: 60,
  state: 'Running',
  createdBy: 'snowflake',
  createdAt: AT - 40 * 24 * HOUR,
  updatedAt: AT - 40 * 24 * HOUR,
  startedAt: AT - 40 * 24 * HOUR,
  stoppedAt: null,
  anomalyCount: 2,
  lastAnomalyAt: AT - 5 * HOUR,
  lastAnomalyGrade: 0.91,
  ...over,
})
const DETECTORS = [
  detector({ id: 1, name: 'Warehouse credits' }),
  detector({
    id: 2,
    name: 'Failed queries',
    metric: 'failed_queries',
    metricLabel: 'Failed queries per hour',
    categoryField: null,
    categoryLabel: null,
    state: 'Stopped',
    anomalyCount: 0,
    lastAnomalyAt: null,
    lastAnomalyGrade: null,
  }),
]

/** 48 hours of BI_WH around 1 credit, with a spike 5 hours before AT graded 0.91. */
const points = Array.from({ length: 48 }, (_, i) => {
  const start = AT - (48 - i) * HOUR
  const spike = start === AT - 5 * HOUR
  return [start, spike ? 12.5 : 1, 1, 0.2, 1.8, spike ? 0.91 : 0] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
})
const RESULTS: DetectorResults = {
  detector: DETECTORS[0]!,
  range: { from: AT - 48 * HOUR, to: AT },
  entities: [
    { key: 'BI_WH', label: 'BI_WH', total: 59.5, anomalyCount: 1, points },
    {
      key: 'LOAD_WH',
      label: 'LOAD_WH',
      total: 20,
      anomalyCount: 1,
      points: points.map((p) => [...p] as typeof p),
    },
  ],
  total: 2,
  anomalies: [
    {
      start: AT - 5 * HOUR,
      entityKey: 'BI_WH',
      entity: 'BI_WH',
      actual: 12.5,
      expected: 1,
      lower: 0.2,
      upper: 1.8,
      grade: 0.91,
      confidence: 1,
    },
    {
      start: AT - 9 * HOUR,
      entityKey: 'LOAD_WH',
      entity: 'LOAD_WH',
      actual: 3,
      expected: 1,
      lower: 0.2,
      upper: 1.8,
      grade: 0.3,
      confidence: 0.5,
    },
  ],
}
const CONTRIBUTORS: Contributors = {
  start: AT - 5 * HOUR,
  end: AT - 4 * HOUR,
  entity: 'BI_WH',
  unit: 'credits',
  value: 12.5,
  field: 'Users',
  contributors: [
    { name: 'ANALYST_AMY', value: 10, count: 4, listFilter: { userName: 'ANALYST_AMY' } },
    { name: 'ETL_BOT', value: 2.5, count: 12, listFilter: { userName: 'ETL_BOT' } },
  ],
  runs: [{ id: '01b2c3d4-0000-4000-8000-000000000001', by: 'ANALYST_AMY', value: 9 }],
  listFilter: { warehouseUid: 'wh-bi' },
}

function stubs() {
  const detectors = [...DETECTORS]
  return [
    stubEndpoint(sf.detectors, () => ({ platform: 'SNOWFLAKE', range: RESULTS.range, detectors, limit: 20 })),
    stubEndpoint(sf.options, OPTIONS),
    stubEndpoint(sf.results, RESULTS),
    stubEndpoint(sf.contributors, CONTRIBUTORS),
    stubEndpoint(sf.startDetector, () => ({ ...detectors[1]!, state: 'Initialising' })),
    stubEndpoint(sf.createDetector, () => detector({ id: 3, name: 'New one', state: 'Stopped' })),
  ]
}

describe('the detector form’s checks', () => {
  const draft = { ...newDetectorDraft(OPTIONS), name: 'Spikes' }
  it.each([
    ['a complete detector', draft, {}],
    ['no name', { ...draft, name: ' ' }, { name: 'Detector name is required.' }],
    [
      'another platform’s metric',
      { ...draft, metric: 'slot_hours' },
      { metric: 'The metric slot_hours is not one of this platform’s.' },
    ],
  ])('%s', (_what, input, errors) => expect(detectorDraftErrors(input, OPTIONS)).toEqual(errors))

  it('opens on the first metric split by the first field, medium sensitivity', () => {
    expect(newDetectorDraft(OPTIONS)).toEqual({
      name: '',
      description: '',
      metric: 'credits',
      categoryField: 'warehouse',
      sensitivity: 'medium',
    })
  })
})

describe('/osd_anomalies, the detectors', () => {
  it('lists the detectors over the last 7 days: state, feature, field, anomalies and the last one', async () => {
    const { queries } = renderPage(<AnomaliesPage />, { route: ROUTE, user: admin, stubs: stubs() })
    const rows = await tableRows('Detectors')
    const credits = rows.find((r) => r.textContent?.includes('Warehouse credits'))!
    expect(credits).toHaveTextContent('Running')
    expect(credits).toHaveTextContent('Credits used per hour')
    expect(credits).toHaveTextContent('Warehouse')
    expect(credits).toHaveTextContent('11/22/2026 05:00 UTC')
    expect(within(credits).getByLabelText('Grade 0.91 (High)')).toBeInTheDocument()
    const failed = rows.find((r) => r.textContent?.includes('Failed queries'))!
    expect(failed).toHaveTextContent('Stopped')
    expect(failed).toHaveTextContent('None (account-wide)')
    expect(failed).toHaveTextContent('None in range')
    const sent = queries(sf.detectors).at(-1)!
    expect(Number(sent.get('endTime')) - Number(sent.get('startTime'))).toBeGreaterThanOrEqual(
      7 * 24 * HOUR - 1,
    )
  })

  it('starts a stopped detector from its row', async () => {
    const { user, queries } = renderPage(<AnomaliesPage />, { route: ROUTE, user: admin, stubs: stubs() })
    await tableRows('Detectors')
    await user.click(screen.getByRole('button', { name: 'Start Failed queries' }))
    await waitFor(() => expect(queries(sf.startDetector)).toHaveLength(1))
  })

  it('creates a detector through the form', async () => {
    const { user, bodies } = renderPage(<AnomaliesPage />, { route: ROUTE, user: admin, stubs: stubs() })
    await tableRows('Detectors')
    await user.click(screen.getByRole('button', { name: 'Create detector' }))
    const form = await screen.findByRole('form', { name: 'Create detector' })
    await user.click(within(form).getByRole('button', { name: 'Create detector' }))
    expect(await within(form).findByText('Detector name is required.')).toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /Detector name/ }), 'Night spend')
    await user.click(within(form).getByRole('combobox', { name: 'Sensitivity' }))
    await user.click(await screen.findByRole('option', { name: 'High (5 spreads)' }))
    await user.click(within(form).getByRole('button', { name: 'Create detector' }))
    await waitFor(() => expect(bodies(sf.createDetector)).toHaveLength(1))
    expect(bodies(sf.createDetector)[0]).toEqual({
      name: 'Night spend',
      description: '',
      metric: 'credits',
      categoryField: 'warehouse',
      sensitivity: 'high',
    })
  })

  it('opens a detector’s results from its name', async () => {
    const { user, router } = renderPage(<AnomaliesPage />, { route: ROUTE, user: admin, stubs: stubs() })
    await tableRows('Detectors')
    await user.click(screen.getByRole('button', { name: 'Warehouse credits' }))
    await waitFor(() => expect(router.state.location.search).toContain('detector=1'))
    expect(await screen.findByRole('heading', { name: 'Detector Warehouse credits' })).toBeInTheDocument()
  })
})

describe('/osd_anomalies, a detector’s results', () => {
  it('charts each entity with its band and marks, and tables the anomalies by grade', async () => {
    const { queries } = renderPage(<AnomaliesPage />, {
      route: `${ROUTE}?detector=1`,
      user: admin,
      stubs: stubs(),
    })
    const rows = await tableRows('Anomalies')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('11/22/2026 05:00 UTC')
    expect(rows[0]).toHaveTextContent('BI_WH')
    expect(rows[0]).toHaveTextContent('12.5 credits')
    expect(rows[0]).toHaveTextContent('1 credits')
    expect(rows[0]).toHaveTextContent('0.91')
    expect(rows[0]).toHaveTextContent('100%')
    expect(rows[1]).toHaveTextContent('50%')
    expect(screen.getByRole('figure', { name: 'BI_WH: actual and expected' })).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: 'LOAD_WH: actual and expected' })).toBeInTheDocument()
    const sent = queries(sf.results).at(-1)!
    expect(sent.get('sort')).toBe('grade-desc')
    expect(sent.get('pageSize')).toBe('10')
  })

  it('narrows to one entity through its picker', async () => {
    const { user, queries } = renderPage(<AnomaliesPage />, {
      route: `${ROUTE}?detector=1`,
      user: admin,
      stubs: stubs(),
    })
    await tableRows('Anomalies')
    await user.click(screen.getByRole('combobox', { name: 'Warehouse' }))
    await user.click(await screen.findByRole('option', { name: 'LOAD_WH (1)' }))
    await waitFor(() => expect(queries(sf.results).at(-1)?.get('entity')).toBe('LOAD_WH'))
  })

  it('opens an anomaly’s contributors, each linked to the query list of that hour', async () => {
    const { user, queries } = renderPage(<AnomaliesPage />, {
      route: `${ROUTE}?detector=1`,
      user: admin,
      stubs: stubs(),
    })
    await tableRows('Anomalies')
    await user.click(screen.getByRole('button', { name: 'Contributors of BI_WH at 11/22/2026 05:00 UTC' }))
    const users = await screen.findByRole('table', { name: 'Top users' })
    const amy = within(users).getByRole('link', { name: 'ANALYST_AMY' })
    const href = new URL(amy.getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/query/list')
    expect(href.searchParams.get('userName')).toBe('ANALYST_AMY')
    expect(href.searchParams.get('warehouseUid')).toBe('wh-bi')
    expect(href.searchParams.get('startDate')).toBe('2026-11-22T05:00:00.000Z')
    expect(href.searchParams.get('endDate')).toBe('2026-11-22T06:00:00.000Z')
    expect(within(users).getByText('80%')).toBeInTheDocument()
    const runs = screen.getByRole('table', { name: 'Top queries' })
    expect(within(runs).getByRole('link', { name: '01b2c3d4-0000-4000-8000-000000000001' })).toHaveAttribute(
      'href',
      '/query/01b2c3d4-0000-4000-8000-000000000001/details',
    )
    const sent = queries(sf.contributors).at(-1)!
    expect(sent.get('start')).toBe(String(AT - 5 * HOUR))
    expect(sent.get('entity')).toBe('BI_WH')
  })
})
