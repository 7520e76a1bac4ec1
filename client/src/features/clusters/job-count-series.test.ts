import { describe, expect, it } from 'vitest'
import type { JobCountResponse } from '@costlens/shared'
import { MAX_STACKS, OTHER, bucketLabel, jobCountChart, jobCountRows } from './job-count-series.ts'

const T = Date.parse('2026-11-23T11:00:00Z')
const M5 = 300_000

const answer = (groups: Record<string, number[]>): JobCountResponse => {
  const date = [T, T + M5, T + 2 * M5]
  const out: JobCountResponse = { date }
  for (const [key, counts] of Object.entries(groups))
    out[key] = Object.fromEntries(date.map((d, i) => [String(d), counts[i]!]))
  return out
}

describe('jobs/count as stacks and rows', () => {
  it('E027 one column per bucket and one stack per group value, heaviest first, states worded as elsewhere (B174)', () => {
    const { categories, series } = jobCountChart(
      answer({ SUCCESS: [1, 2, 3], RUNNING: [4, 5, 6], KILLED: [0, 0, 0] }),
      'state',
      M5,
    )
    expect(categories).toEqual(['11/23 11:00', '11/23 11:05', '11/23 11:10'])
    expect(series).toEqual([
      { name: 'running', data: [4, 5, 6] },
      { name: 'success', data: [1, 2, 3] },
    ])
  })

  it('B071 labels daily and weekly buckets by their date alone', () => {
    expect(bucketLabel(T, 86_400_000)).toBe('11/23/2026')
  })

  it('sums the values past the tenth into Other, bucket by bucket', () => {
    const groups = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`user${i}`, [12 - i, 1, 0]]))
    const { series } = jobCountChart(answer(groups), 'user', M5)
    expect(series).toHaveLength(MAX_STACKS)
    expect(series.at(-1)).toEqual({ name: OTHER, data: [3 + 2 + 1, 3, 0] })
  })

  it('gives each value its peak, average and latest count; missing buckets count 0', () => {
    const sparse: JobCountResponse = { date: [T, T + M5], etl: { [String(T)]: 4 } }
    expect(jobCountRows(sparse, 'queue')).toEqual([
      { key: 'etl', label: 'etl', peak: 4, average: 2, latest: 0 },
    ])
  })

  it('B290 a silent failure ({}) is no stacks and no rows', () => {
    expect(jobCountChart({}, 'state', M5)).toEqual({ categories: [], series: [] })
    expect(jobCountRows(undefined, 'state')).toEqual([])
  })
})
