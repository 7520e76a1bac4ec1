import { describe, expect, it } from 'vitest'
import { deriveImpala } from './impala.ts'
import { NOW, record } from './test-records.ts'

const query = (n: number, overrides: Parameters<typeof record>[1] = {}) =>
  record('impala', {
    id: `${n.toString(16).padStart(16, '0')}:00abcd0000000000`,
    duration: 8_000,
    vcore_seconds: 8 * 12,
    memory_seconds: 8 * 12 * 4096,
    dfs_read: 3 * 2 ** 30,
    dfs_written: 2 ** 28,
    input_tables: 'sales.orders',
    ...overrides,
  })

describe('Impala details: fragments and operators agree with the query', () => {
  const queries = Array.from({ length: 40 }, (_, n) => query(n + 1))

  it.each(queries.map((q) => [q.id, q] as const))(
    '%s: times (ns) within the duration, scans read dfs_read',
    (_, q) => {
      const { fragments, operators } = deriveImpala(q, NOW)
      const durationNs = q.duration * 1e6
      for (const x of [...fragments, ...operators]) {
        expect(x.maxTime).toBeLessThanOrEqual(durationNs)
        expect(x.avgTime).toBeLessThanOrEqual(x.maxTime)
        expect(x.avgPeakMemory).toBeLessThanOrEqual(x.maxPeakMemory)
      }
      const scans = operators.filter((o) => o.type === 'SCAN HDFS')
      expect(scans.reduce((n, o) => n + o.io, 0)).toBe(q.dfs_read)
      const writer = operators.find((o) => o.type === 'HDFS WRITER')
      if (writer) expect(writer.io).toBe(q.dfs_written)
      // Every operator's fragment exists, every parent is an operator, one coordinator fragment.
      for (const o of operators) {
        expect(fragments.some((f) => f.id === o.pageId)).toBe(true)
        if (o.parentId !== null) expect(operators.some((p) => p.id === o.parentId)).toBe(true)
      }
      expect(fragments.filter((f) => f.coordinatorFrag).map((f) => f.id)).toEqual(['F00'])
      expect(fragments.find((f) => f.coordinatorFrag)!.instances).toBe(1)
      expect(fragments.every((f) => f.impalaQueryId === q.id && f.realUser === q.user)).toBe(true)
    },
  )

  it('scan fragments run one instance per executor (vcore seconds over the duration)', () => {
    const { fragments } = deriveImpala(query(7), NOW)
    expect(fragments.find((f) => f.id === 'F01')!.instances).toBe(12)
  })

  it("02 §4: a succeeded query's fragments and operators are all 'S'; a failed query has one failing fragment", () => {
    const ok = deriveImpala(query(3), NOW)
    expect([...ok.fragments, ...ok.operators].every((x) => x.status === 'S')).toBe(true)
    const failed = deriveImpala(query(3, { status: 'F' }), NOW)
    expect(failed.fragments.filter((f) => f.status !== 'S').map((f) => f.id)).toEqual(['F01'])
    expect(failed.operators.filter((o) => o.status !== 'S')).toHaveLength(1)
  })

  it('fragment ids extend the query id; the same query derives the same plan', () => {
    const q = query(9)
    const { fragments } = deriveImpala(q, NOW)
    expect(fragments[0]!.fullId).toBe(q.id)
    expect(fragments[1]!.fullId.startsWith(q.id.slice(0, 17))).toBe(true)
    expect(deriveImpala(q, NOW)).toEqual(deriveImpala(q, NOW))
  })
})
