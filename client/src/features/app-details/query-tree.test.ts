import { describe, expect, it } from 'vitest'
import { treeOrder } from './query-tree.tsx'

interface Node {
  id: string
  parent: string | null
}
const id = (n: Node) => n.id
const parent = (n: Node) => n.parent
const order = (nodes: Node[]) =>
  treeOrder(nodes, id, parent).map((n) => `${'-'.repeat(n.depth)}${n.id}:${n.inputs}`)

describe('treeOrder (the plan trees of the Impala operators and Hive stages)', () => {
  it('each node under the one it feeds, depth first, inputs in their given order', () => {
    expect(
      order([
        { id: '00', parent: '01' },
        { id: '01', parent: '03' },
        { id: '02', parent: '01' },
        { id: '03', parent: null },
      ]),
    ).toEqual(['03:1', '-01:2', '--00:0', '--02:0'])
  })

  it('a node whose parent is not in the plan is a root of its own, not lost', () => {
    expect(
      order([
        { id: 'a', parent: 'missing' },
        { id: 'b', parent: 'a' },
      ]),
    ).toEqual(['a:1', '-b:0'])
  })

  it('a cycle in the data neither loops nor repeats a node, nor loses one', () => {
    expect(
      order([
        { id: 'a', parent: 'b' },
        { id: 'b', parent: 'a' },
      ]),
    ).toEqual(['a:1', '-b:1'])
  })
})
