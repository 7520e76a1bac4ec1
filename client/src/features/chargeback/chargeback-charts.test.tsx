import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { drawnChart } from '../../components/charts/chart-test-helpers.ts'
import { ChargebackCharts, OTHER, topParts } from './chargeback-charts.tsx'
import { FLAVOURS } from './chargeback-flavours.ts'
import { levelOf } from './chargeback-state.ts'

const usage = (count: number, vs: number, ms: number) => ({ count, vs, ms, io: 0, cents: 0 })

/**
 * The level the page hands the charts, from a Yarn search by application type then user: the API
 * names the types by their codes ('spark', 'mr'), the charts by the console's casing.
 */
const level = levelOf(
  {
    cb: [
      {
        v1: 'spark',
        v1Label: 'spark',
        ...usage(3, 7200, 36_000),
        cb: [
          { v2: 'alice', ...usage(2, 5400, 18_000) },
          { v2: 'bob', ...usage(1, 1800, 18_000) },
        ],
      },
      { v1: 'mr', v1Label: 'mr', ...usage(1, 3600, 0), cb: [{ v2: 'alice', ...usage(1, 3600, 0) }] },
    ],
    cbInfo: {
      from: 0,
      to: 1,
      groupBy: ['appType', 'user'],
      clusterUid: '*',
      total: usage(4, 10_800, 36_000),
    },
  },
  {
    groupBys: ['appType', 'user'],
    path: [],
    clusterUid: '*',
    tags: {},
    amounts: { vsAmount: null, msAmount: null },
  },
)

describe('chargeback charts', () => {
  it('keeps the largest parts by name and sums the rest as Other', () => {
    const parts = Array.from({ length: 12 }, (_, i) => ({ name: `u${i}`, value: i + 1 }))
    const top = topParts(parts)
    expect(top).toHaveLength(10)
    expect(top[0]).toEqual({ name: 'u11', value: 12 })
    expect(top.at(-1)).toEqual({ name: OTHER, value: 1 + 2 + 3 })
    expect(topParts(parts.slice(0, 3))).toHaveLength(3)
  })

  // The first chart loads Highcharts itself, seconds on a busy machine.
  it(
    'draws a donut per measure, CPU hours split by the next group-by, and the shares',
    { timeout: 20_000 },
    async () => {
      const { container } = renderWithProviders(
        <ChargebackCharts
          level={level}
          measures={FLAVOURS.Yarn.measures}
          groupLabel="Application type"
          innerLabel="User"
          exportAllowed
        />,
      )
      for (const title of [
        'Apps by Application type',
        'CPU hours by Application type',
        'Memory hours by Application type',
        'Share of each measure by Application type',
      ])
        expect(screen.getByRole('figure', { name: title })).toBeInTheDocument()
      const split = screen.getByRole('figure', { name: 'CPU hours by Application type and User' })
      const chart = await drawnChart(split)
      expect(chart.series.map((s) => [s.name, s.points.map((p) => p.y)])).toEqual([
        ['alice', [1.5, 1]],
        ['bob', [0.5, 0]],
      ])
      const cpu = await drawnChart(screen.getByRole('figure', { name: 'CPU hours by Application type' }))
      expect(cpu.series[0]!.points.map((p) => [p.name, p.y])).toEqual([
        ['Spark', 2],
        ['MapReduce', 1],
      ])
      expect(container.querySelectorAll('figure')).toHaveLength(5)
    },
  )
})
