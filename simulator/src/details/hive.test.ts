import { describe, expect, it } from 'vitest'
import { deriveHiveViz } from './hive.ts'
import { NOW, record } from './test-records.ts'

const child = (n: number, kind: string) => ({
  id: `application_1761099553_00000${n}`,
  kind,
  status: 'S',
  startTime: NOW - 3_500_000 + n * 1000,
  duration: 60_000,
})

describe('Hive viz_json: the SQL and plan agree with the record', () => {
  it('an INSERT reads its input table and writes its output table, then moves and gathers stats', () => {
    const viz = deriveHiveViz(
      record('hive', { input_tables: 'sales.orders', output_tables: 'fin.ledger' }),
      [],
    )
    expect(viz.query).toMatch(/^INSERT OVERWRITE TABLE fin\.ledger\nSELECT /)
    expect(viz.query).toContain('FROM sales.orders')
    expect(viz.inputTables).toEqual(['sales.orders'])
    expect(viz.outputTables).toEqual(['fin.ledger'])
    expect(viz.stages.map((s) => s.type).slice(-2)).toEqual(['MOVE', 'STATS'])
  })

  it('a SELECT without output writes no table', () => {
    const viz = deriveHiveViz(record('hive', { input_tables: 'web.clicks' }), [])
    expect(viz.query.startsWith('SELECT')).toBe(true)
    expect(viz.outputTables).toEqual([])
    expect(viz.stages.every((s) => s.type === 'MAPRED')).toBe(true)
  })

  it.each([
    ['MR', 'mr', 'MAPRED'],
    ['Tez', 'tez', 'TEZ'],
  ])('its %s child jobs are its stages, in order, each naming the child', (_, kind, type) => {
    const children = [child(1, kind), child(2, kind)]
    const viz = deriveHiveViz(record('hive', { num_jobs: 2 }), children)
    expect(viz.executionEngine).toBe(kind)
    expect(viz.children).toEqual(children)
    const jobs = viz.stages.filter((s) => s.appId !== null)
    expect(jobs.map((s) => s.appId)).toEqual(children.map((c) => c.id))
    expect(jobs.every((s) => s.type === type)).toBe(true)
    expect(viz.stages[1]!.dependsOn).toEqual(['Stage-1'])
  })

  it('without seeded children it shows num_jobs stages with no app behind them', () => {
    const viz = deriveHiveViz(record('hive', { num_jobs: 3 }), [])
    expect(viz.stages).toHaveLength(3)
    expect(viz.stages.every((s) => s.appId === null)).toBe(true)
  })
})
