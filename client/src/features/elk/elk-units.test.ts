import { describe, expect, it } from 'vitest'
import type { ElkSeries } from '@costlens/shared'
import { elkCharts, fmt, usedOf } from './elk-units.ts'

const view = { range: { from: 0, to: 7_200_000 }, exportAllowed: true }
const s = (metric: string, unit: string, values: number[], over: Partial<ElkSeries> = {}): ElkSeries => ({
  metric,
  name: `${metric} (${unit})`,
  unit,
  data: values.map((v, i) => [i * 3_600_000, v]),
  ...over,
})

describe('the Elastic charts: one per unit, and a series apart when one axis would flatten it', () => {
  it('search latency (ms) and indexing latency (a tenth of a ms) get a chart each; rates one each', () => {
    const charts = elkCharts(
      [
        s('search_rate', 'queries/s', [100, 120]),
        s('search_latency', 'ms', [15, 20]),
        s('indexing_latency', 'ms', [0.1, 0.2]),
      ],
      'es-logs',
      view,
    )
    expect(charts.map((c) => c.title)).toEqual([
      'es-logs: search_rate (queries/s)',
      'es-logs: search_latency (ms)',
      'es-logs: indexing_latency (ms)',
    ])
    expect(charts[1]!.valueFormat!(12.345)).toBe('12.35 ms')
    expect(charts[0]!.valueFormat!(1_204.5)).toBe('1,204.5 queries/s')
  })

  it("series of like size share their unit's chart; one series per node is named after the node", () => {
    const together = elkCharts([s('a', 'ms', [10]), s('b', 'ms', [12])], 'x', view)
    expect(together.map((c) => c.title)).toEqual(['x: Latency (ms)'])
    const perNode = elkCharts(
      [
        s('heap_percent', '%', [60], { node: 'es-data-01' }),
        s('heap_percent', '%', [2], { node: 'es-data-02' }),
      ],
      'Heap used per node',
      view,
      true,
    )
    expect(perNode).toHaveLength(1)
    expect(perNode[0]!.series.map((x) => x.name)).toEqual(['es-data-01', 'es-data-02'])
    expect(perNode[0]!.valueFormat!(61.04)).toBe('61.04%')
  })

  it('the GC and queue units read in words: collections, ms per interval, events', () => {
    const charts = elkCharts(
      [
        s('jvm_gc_collectors_young_collection_count', 'collections', [120, 130]),
        s('jvm_gc_collectors_young_collection_time_in_millis', 'ms per interval', [1_900, 2_100]),
        s('kpi_queue_events_count', 'events', [350, 1_200]),
      ],
      'es-logs',
      view,
    )
    expect(charts.map((c) => c.valueFormat!(1_234.4))).toEqual([
      '1,234 collections',
      '1,234 ms',
      '1,234 events',
    ])
  })

  it("missing figures read '--', never 0 or NaN", () => {
    expect(fmt.percent(null)).toBe('--')
    expect(fmt.bytes(undefined)).toBe('--')
    expect(fmt.ms(Number.NaN)).toBe('--')
    expect(usedOf(5, 0)).toBe('--')
    expect(fmt.perSec('events')(5_557.2)).toBe('5,557.2 events/s')
    expect(elkCharts(undefined, 'x', view)).toEqual([])
  })
})
