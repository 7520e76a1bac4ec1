import { describe, expect, it } from 'vitest'
import { chooseHost, chooseTable, hbaseState } from './hbase-state.ts'

const now = Date.parse('2026-11-27T10:00:00Z')
const context = { now }
const read = (search: string) => hbaseState.read(search, context)
const after = (search: string, event: Parameters<typeof hbaseState.change>[1]) =>
  hbaseState.write(hbaseState.change(read(search), event, context), context).replace(/^\?/, '')

describe('the HBase screen state in the address (02 §2, B088, B210)', () => {
  it('B088 opens on the metrics tab, today, at 1h, and writes none of that', () => {
    const state = read('')
    expect(state.tab).toBe('metrics')
    expect(state.rangeLabel).toBe('today')
    expect(state.dateRange).toEqual({ start: Date.parse('2026-11-27T00:00:00Z'), end: now })
    expect(state.interval).toBe('1h')
    expect(hbaseState.write(state, context)).toBe('')
  })

  it.each([
    ['B210 choosing a server clears the table', 'host=a&table=t%3Ax&namespace=t', chooseHost('b'), 'host=b'],
    ['the whole cluster clears server and table', 'host=a&table=t%3Ax', chooseHost(''), ''],
    [
      'a table keeps its namespace',
      'host=a',
      chooseTable({ table: 'ns:x', namespace: 'ns' }),
      'host=a&namespace=ns&table=ns%3Ax',
    ],
    [
      'a new cluster clears server, table and namespace',
      'clusterUid=c1&host=a&table=t%3Ax&namespace=t&tab=region',
      { type: 'clusterUid', clusterUid: 'c2' },
      'clusterUid=c2&tab=region',
    ],
    [
      'a tab keeps the choices',
      'host=a&table=t%3Ax',
      { type: 'tab', tab: 'table' },
      'host=a&tab=table&table=t%3Ax',
    ],
  ] as const)('%s', (_, search, event, expected) => {
    expect(after(search, event)).toBe(expected)
  })

  it('an unknown tab, interval or family reads as the default', () => {
    const state = read('tab=nope&interval=7m&prefix=gpu')
    expect([state.tab, state.interval, state.prefix]).toEqual(['metrics', '1h', 'regionserver'])
  })
})
