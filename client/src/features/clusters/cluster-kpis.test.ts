import { describe, expect, it } from 'vitest'
import type { JobBucket } from '@costlens/shared'
import { countRows, jobKpiCounts, jobKpis, resourceKpis } from './cluster-kpis.ts'

const T = Date.parse('2026-11-23T11:00:00Z')
const bucket = (key: string, count: number): JobBucket => ({ key, count, doc_count: count, ts: T })

describe('cluster KPIs', () => {
  it('nodes, and vcores and memory left at the latest point (capacity minus allocation, G28)', () => {
    const kpis = resourceKpis(
      {
        avg: [
          [T, 10],
          [T + 1, 30],
        ],
        total: [
          [T, 100],
          [T + 1, 100],
        ],
      },
      { avg: [[T, 2048]], total: [[T, 8192]] },
      { active: [[T, 5.6]], nodes: 6 },
    )
    expect(kpis).toEqual([
      { key: 'nodes', label: 'Nodes', value: '6', hint: 'of 6' },
      { key: 'vcores', label: 'Available vcores', value: '70', hint: 'of 100' },
      { key: 'memory', label: 'Available memory', value: '6.00 GB', hint: 'of 8.00 GB' },
    ])
  })

  it('B290 shows -- where an answer is missing or empty', () => {
    expect(resourceKpis({}, undefined, {}).map((k) => k.value)).toEqual(['--', '--', '--'])
  })

  it('B185 B176 counts running now, the finished statuses and every inefficient event; hides the zero ones', () => {
    const counts = jobKpiCounts({
      runningByStatus: [bucket('running', 0), bucket('pending', 3)],
      finishedByStatus: [bucket('success', 40), bucket('failed', 0), bucket('killed', 2)],
      runningByInefficiency: [],
      finishedByInefficiency: [bucket('Data Skew', 1), bucket('Slow Stage', 2)],
    })
    expect(counts).toEqual({
      autoActionAlerts: 0,
      running: 0,
      success: 40,
      failed: 0,
      killed: 2,
      inefficient: 3,
    })
    expect(jobKpis(counts, true).map((k) => `${k.label}: ${k.value}`)).toEqual([
      'Running now: 0',
      'Success: 40',
      'Killed: 2',
      'Inefficient events: 3',
    ])
    expect(jobKpis(counts, false).map((k) => k.value)).toEqual(['--', '--', '--', '--'])
  })

  it('B176 leaves pig and cascading out of the tables', () => {
    expect(countRows([bucket('spark', 3), bucket('pig', 1), bucket('Cascading', 1)])).toEqual([
      { key: 'spark', count: 3 },
    ])
  })
})
