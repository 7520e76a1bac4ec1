import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react'
import { Stack, Text } from '@mantine/core'
import { STATUS_COLOURS } from '../status/status-badge.tsx'
import { layoutDag, NODE_HEIGHT, NODE_WIDTH, type DagEdge, type DagNode } from './dag-layout.ts'
import classes from './dag-graph.module.css'

export type { DagEdge, DagNode } from './dag-layout.ts'

/** Past this many nodes the graph draws the first ones only and says so: the table lists them all. */
export const MAX_DRAWN_NODES = 300
/** The graph shrinks to fit its panel down to this zoom (its words still readable); past it the panel scrolls sideways. */
const MIN_ZOOM = 0.85

export interface DagGraphProps {
  /** The graph's accessible name ('DAG of dag_…_1'). */
  label: string
  nodes: readonly DagNode[]
  edges: readonly DagEdge[]
  /** What a node is called in the cap's note ('vertices', 'stages'). */
  nodeNoun: string
  selected?: string | null
  /** Choosing a node (click, Enter or Space) selects it; the page shows it in its table. */
  onSelect?: (id: string) => void
  maxNodes?: number
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/**
 * A DAG drawn as an accessible SVG from a graph library's layout (`layoutDag`, dagre): each node a
 * box with its name, its status in words on a status-coloured border, and its detail line; each
 * edge an arrow. The graph fits the panel's width (never enlarged past its natural size). Every
 * node is a button in reading order: Tab reaches it, Enter or Space chooses it.
 */
export function DagGraph({
  label,
  nodes,
  edges,
  nodeNoun,
  selected = null,
  onSelect,
  maxNodes = MAX_DRAWN_NODES,
}: DagGraphProps) {
  const arrowId = `${useId().replace(/:/g, '')}-arrow`
  const drawn = nodes.length > maxNodes ? nodes.slice(0, maxNodes) : nodes
  // Laid out once per graph: choosing a node only redraws its box.
  const placed = useMemo(() => layoutDag(drawn, edges), [drawn, edges])
  const names = useMemo(() => new Map(nodes.map((n) => [n.id, n.label])), [nodes])
  const choose = (id: string) => onSelect?.(id)
  const scrollRef = useRef<HTMLDivElement>(null)
  // A graph wider than its panel scrolls sideways: bring the chosen node into view (the panel only,
  // never the page), so a stage chosen in the table or the address is seen in the graph.
  useEffect(() => {
    const box = scrollRef.current
    const node = placed.nodes.find((n) => n.id === selected)
    if (!box || !node || box.scrollWidth <= box.clientWidth) return
    const zoom = box.scrollWidth / placed.width
    box.scrollLeft = Math.max(0, (node.x + NODE_WIDTH / 2) * zoom - box.clientWidth / 2)
  }, [placed, selected])
  const onKey = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      choose(id)
    }
  }
  return (
    <Stack gap={4}>
      {drawn.length < nodes.length && (
        <Text size="sm" c="dimmed">
          This DAG has {nodes.length.toLocaleString('en-US')} {nodeNoun}; the graph draws the first{' '}
          {maxNodes.toLocaleString('en-US')}. The table lists every one.
        </Text>
      )}
      <div ref={scrollRef} className={classes.scroll}>
        <svg
          role="group"
          aria-label={label}
          className={classes.svg}
          viewBox={`0 0 ${placed.width} ${placed.height}`}
          style={{ width: '100%', maxWidth: placed.width, minWidth: placed.width * MIN_ZOOM }}
        >
          <defs>
            <marker
              id={arrowId}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="8"
              markerHeight="8"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" className={classes.arrow} />
            </marker>
          </defs>
          {placed.edges.map((e) => (
            <path
              key={`${e.from}->${e.to}`}
              d={e.path}
              className={classes.edge}
              markerEnd={`url(#${arrowId})`}
            >
              <title>
                {names.get(e.from)} → {names.get(e.to)}
                {e.label ? ` (${e.label})` : ''}
              </title>
            </path>
          ))}
          {placed.nodes.map((n) => {
            const isSelected = n.id === selected
            const colour = `var(--mantine-color-${STATUS_COLOURS[n.status.style]}-filled)`
            return (
              <g
                key={n.id}
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                aria-label={[`${n.label}: ${n.status.text}`, n.note, n.detail].filter(Boolean).join(', ')}
                className={`${classes.node} ${isSelected ? classes.selected : ''}`}
                transform={`translate(${n.x},${n.y})`}
                onClick={() => choose(n.id)}
                onKeyDown={(event) => onKey(event, n.id)}
              >
                <rect
                  className={classes.focus}
                  x={-4}
                  y={-4}
                  width={NODE_WIDTH + 8}
                  height={NODE_HEIGHT + 8}
                  rx={8}
                />
                <rect
                  className={classes.box}
                  width={NODE_WIDTH}
                  height={NODE_HEIGHT}
                  rx={6}
                  stroke={colour}
                />
                <rect width={6} height={NODE_HEIGHT} rx={3} fill={colour} aria-hidden />
                <text x={14} y={20} className={classes.name} aria-hidden>
                  {truncate(n.label, 24)}
                </text>
                <text x={14} y={38} className={classes.line} aria-hidden>
                  {truncate(n.note ? `${n.status.text} · ${n.note}` : n.status.text, 30)}
                </text>
                {n.detail && (
                  <text x={14} y={55} className={classes.line} aria-hidden>
                    {truncate(n.detail, 30)}
                  </text>
                )}
              </g>
            )
          })}
        </svg>
      </div>
    </Stack>
  )
}
