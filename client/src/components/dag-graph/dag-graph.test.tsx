import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { DagGraph, type DagEdge, type DagNode } from './dag-graph.tsx'
import { layoutDag } from './dag-layout.ts'

const NODES: DagNode[] = [
  { id: 'Map 1', label: 'Map 1', status: { text: 'Succeeded', style: 'success' }, detail: '77 tasks · 38s' },
  { id: 'Map 2', label: 'Map 2', status: { text: 'Failed', style: 'error' }, detail: '223 tasks · 4 failed' },
  { id: 'Reducer 3', label: 'Reducer 3', status: { text: 'Succeeded', style: 'success' }, note: '17 tasks' },
]
const EDGES: DagEdge[] = [
  { from: 'Map 1', to: 'Reducer 3', label: 'SCATTER_GATHER' },
  { from: 'Map 2', to: 'Reducer 3', label: 'BROADCAST' },
]

/** The graph with its choice kept, as a page keeps it, and the choice shown beside it. */
function Chooser({ nodes = NODES, maxNodes }: { nodes?: DagNode[]; maxNodes?: number }) {
  const [selected, setSelected] = useState<string | null>(null)
  return (
    <>
      <DagGraph
        label="Graph of DAG 1"
        nodes={nodes}
        edges={EDGES}
        nodeNoun="vertices"
        selected={selected}
        onSelect={setSelected}
        maxNodes={maxNodes}
      />
      <p>Chosen: {selected ?? 'none'}</p>
    </>
  )
}

describe('layoutDag (dagre)', () => {
  it('places every node, sources left of what they feed, and routes each edge between them', () => {
    const layout = layoutDag(NODES, EDGES)
    const at = new Map(layout.nodes.map((n) => [n.id, n]))
    expect(at.size).toBe(3)
    expect(at.get('Map 1')!.x).toBeLessThan(at.get('Reducer 3')!.x)
    expect(at.get('Map 2')!.x).toBeLessThan(at.get('Reducer 3')!.x)
    expect(layout.edges.map((e) => e.path)).toEqual([
      expect.stringMatching(/^M[\d.]+,[\d.]+ L/),
      expect.any(String),
    ])
    for (const n of layout.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0)
      expect(n.y + 64).toBeLessThanOrEqual(layout.height)
    }
  })

  it('leaves out edges to nodes not drawn and loops, and reads left to right', () => {
    const layout = layoutDag(NODES.slice(0, 2), [...EDGES, { from: 'Map 1', to: 'Map 1' }])
    expect(layout.edges).toEqual([])
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(['Map 1', 'Map 2'])
  })
})

describe('DagGraph', () => {
  it('draws each node as a button naming its status in words and its figures, and each edge as an arrow', () => {
    renderWithProviders(<Chooser />)
    const graph = screen.getByRole('group', { name: 'Graph of DAG 1' })
    const nodes = within(graph).getAllByRole('button')
    expect(nodes.map((n) => n.getAttribute('aria-label')).sort()).toEqual([
      'Map 1: Succeeded, 77 tasks · 38s',
      'Map 2: Failed, 223 tasks · 4 failed',
      'Reducer 3: Succeeded, 17 tasks',
    ])
    expect(within(graph).getByText('Failed')).toBeInTheDocument()
    expect(within(graph).getByText('Succeeded · 17 tasks')).toBeInTheDocument()
    const edges = graph.querySelectorAll('path[marker-end]')
    expect(edges).toHaveLength(2)
    expect([...edges].map((e) => e.textContent)).toEqual([
      'Map 1 → Reducer 3 (SCATTER_GATHER)',
      'Map 2 → Reducer 3 (BROADCAST)',
    ])
  })

  it('nodes are reached with Tab in reading order (left to right, then top down) and chosen with Enter or Space; a click chooses too', async () => {
    const { user } = renderWithProviders(<Chooser />)
    // The layout's reading order: the two maps (in dagre's order) at the left, then the reducer.
    const order = layoutDag(NODES, EDGES).nodes.map((n) => n.id)
    expect(order[2]).toBe('Reducer 3')
    const node = (id: string) => screen.getByRole('button', { name: new RegExp(`^${id}:`) })
    await user.tab()
    expect(node(order[0]!)).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByText(`Chosen: ${order[0]}`)).toBeInTheDocument()
    expect(node(order[0]!)).toHaveAttribute('aria-pressed', 'true')
    await user.tab()
    expect(node(order[1]!)).toHaveFocus()
    await user.keyboard(' ')
    expect(screen.getByText(`Chosen: ${order[1]}`)).toBeInTheDocument()
    expect(node(order[0]!)).toHaveAttribute('aria-pressed', 'false')
    await user.click(screen.getByRole('button', { name: /^Reducer 3/ }))
    expect(screen.getByText('Chosen: Reducer 3')).toBeInTheDocument()
  })

  it('past its cap it draws the first nodes and says so in plain words', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...NODES[0]!, id: `s${i}`, label: `Stage ${i}` }))
    renderWithProviders(<Chooser nodes={many} maxNodes={5} />)
    expect(
      screen.getByText('This DAG has 7 vertices; the graph draws the first 5. The table lists every one.'),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Graph of DAG 1' })).getAllByRole('button')).toHaveLength(
      5,
    )
  })
})
