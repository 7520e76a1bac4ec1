import { useMemo, useState, type ReactNode } from 'react'
import { ActionIcon, Box, Button, Group, Text } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import type { DataColumn } from '../../components/table/table-types.ts'

/**
 * A plan (Impala's operators, Hive's operators) as a tree in a table: each row under the node it
 * feeds, indented by its depth, with a button to fold its inputs away. The table keeps the tree's
 * order (its columns do not sort), and only the rows of open nodes are handed to it.
 */

export interface TreeRow<R> {
  row: R
  id: string
  depth: number
  /** How many rows feed this one (its children in the tree). */
  inputs: number
  open: boolean
}

export interface PlanTree<R> {
  /** The rows to show: roots first, each followed by its open subtree. */
  visible: TreeRow<R>[]
  total: number
  toggle: (id: string) => void
  expandAll: () => void
  collapseAll: () => void
}

/** Depth-first rows of the tree `parentOf` draws: a row whose parent is absent is a root. */
export function treeOrder<R>(
  rows: readonly R[],
  idOf: (r: R) => string,
  parentOf: (r: R) => string | null,
): Omit<TreeRow<R>, 'open'>[] {
  const ids = new Set(rows.map(idOf))
  const children = new Map<string | null, R[]>()
  for (const r of rows) {
    const parent = parentOf(r)
    const key = parent !== null && ids.has(parent) ? parent : null
    children.set(key, [...(children.get(key) ?? []), r])
  }
  const out: Omit<TreeRow<R>, 'open'>[] = []
  const seen = new Set<string>()
  const walk = (r: R, depth: number) => {
    const id = idOf(r)
    // A cycle in the data would loop for ever: each row is placed once.
    if (seen.has(id)) return
    seen.add(id)
    const kids = children.get(id) ?? []
    out.push({ row: r, id, depth, inputs: kids.length })
    for (const k of kids) walk(k, depth + 1)
  }
  for (const root of children.get(null) ?? []) walk(root, 0)
  // Rows on a cycle have no root: shown from the first of them rather than lost.
  for (const r of rows) walk(r, 0)
  return out
}

export function usePlanTree<R>(
  rows: readonly R[],
  idOf: (r: R) => string,
  parentOf: (r: R) => string | null,
): PlanTree<R> {
  const ordered = useMemo(() => treeOrder(rows, idOf, parentOf), [rows, idOf, parentOf])
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set())
  const visible = useMemo(() => {
    const out: TreeRow<R>[] = []
    let hideBelow: number | null = null
    for (const node of ordered) {
      if (hideBelow !== null && node.depth > hideBelow) continue
      hideBelow = null
      const open = !closed.has(node.id)
      out.push({ ...node, open })
      if (!open && node.inputs > 0) hideBelow = node.depth
    }
    return out
  }, [ordered, closed])
  return {
    visible,
    total: ordered.length,
    toggle: (id) =>
      setClosed((now) => {
        const next = new Set(now)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    expandAll: () => setClosed(new Set()),
    collapseAll: () => setClosed(new Set(ordered.filter((n) => n.inputs > 0).map((n) => n.id))),
  }
}

/** The tree column: the node's name indented by its depth, after its fold button when it has inputs. */
export function treeColumn<R>(
  title: string,
  label: (r: R) => string,
  toggle: (id: string) => void,
  width = 280,
  /** A mark after the name (a failed operator's), so it shows even when its Status column is scrolled away. */
  mark?: (r: R) => ReactNode,
): DataColumn<TreeRow<R>> {
  return {
    key: 'tree',
    title,
    width,
    sortable: false,
    value: (n) => label(n.row),
    render: (n) => (
      <Group gap={4} wrap="nowrap" pl={n.depth * 18}>
        {n.inputs > 0 ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-expanded={n.open}
            aria-label={`${n.open ? 'Collapse' : 'Expand'} ${label(n.row)}`}
            onClick={() => toggle(n.id)}
          >
            {n.open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} aria-hidden />
        )}
        <Text size="sm" truncate>
          {label(n.row)}
        </Text>
        {mark?.(n.row)}
      </Group>
    ),
  }
}

/** Expand all / Collapse all, with how many nodes show. */
export function TreeControls<R>({ tree, what }: { tree: PlanTree<R>; what: string }) {
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" onClick={tree.expandAll}>
        Expand all
      </Button>
      <Button size="xs" variant="default" onClick={tree.collapseAll}>
        Collapse all
      </Button>
      <Text size="xs" c="dimmed">
        {tree.visible.length} of {tree.total} {what} shown
      </Text>
    </Group>
  )
}

/** Every other column of a tree table keeps the tree's order: none of them sorts. */
export const unsorted = <R,>(columns: DataColumn<R>[]): DataColumn<R>[] =>
  columns.map((c) => ({ ...c, sortable: false }))
