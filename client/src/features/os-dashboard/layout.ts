import { MAX_DASHBOARD_PANELS, type PanelPlacement, type PanelWidth } from '@costlens/shared'

/*
 * The editor's layout rules (issue 23 /os_dashboard): a dashboard is its panels in order, each 1, 2 or
 * 3 columns wide, flowing into rows of 3 columns (a panel that does not fit starts the next row), as
 * OpenSearch Dashboards' grid flows. Pure, so the buttons of the editor are table-tested here.
 */

export const GRID_COLUMNS = 3
export const MOVES = ['up', 'down', 'left', 'right'] as const
export type Move = (typeof MOVES)[number]

/** The rows the panels flow into: each row the indexes of its panels, left to right. */
export function rowsOf(panels: readonly PanelPlacement[]): number[][] {
  const rows: number[][] = []
  let used = GRID_COLUMNS
  panels.forEach((panel, index) => {
    if (used + panel.width > GRID_COLUMNS) {
      rows.push([])
      used = 0
    }
    rows[rows.length - 1]!.push(index)
    used += panel.width
  })
  return rows
}

function moved(panels: readonly PanelPlacement[], from: number, to: number): PanelPlacement[] {
  const next = [...panels]
  const [panel] = next.splice(from, 1)
  next.splice(to, 0, panel!)
  return next
}

/**
 * Where the panel at `index` goes: left and right swap it with its neighbour in the order; up and
 * down take it to the same place in the row above or below (the row's last place when that row is
 * shorter). The same panels when it cannot move that way.
 */
export function movePanel(panels: readonly PanelPlacement[], index: number, move: Move): PanelPlacement[] {
  if (!canMove(panels, index, move)) return [...panels]
  if (move === 'left') return moved(panels, index, index - 1)
  if (move === 'right') return moved(panels, index, index + 1)
  const rows = rowsOf(panels)
  const row = rows.findIndex((r) => r.includes(index))
  const place = rows[row]!.indexOf(index)
  const target = rows[move === 'up' ? row - 1 : row + 1]!
  // Up: it goes before the panel at its place above. Down: it leaves its own row first, so the row
  // below moves back one and the same index lands it at its place there.
  return moved(panels, index, target[Math.min(place, target.length - 1)]!)
}

/** Whether the panel at `index` can move that way (the editor disables the button otherwise). */
export function canMove(panels: readonly PanelPlacement[], index: number, move: Move): boolean {
  if (index < 0 || index >= panels.length) return false
  if (move === 'left') return index > 0
  if (move === 'right') return index < panels.length - 1
  const rows = rowsOf(panels)
  const row = rows.findIndex((r) => r.includes(index))
  return move === 'up' ? row > 0 : row < rows.length - 1
}

/** The panel at `index` made `width` columns wide. */
export const resizePanel = (panels: readonly PanelPlacement[], index: number, width: PanelWidth) =>
  panels.map((p, i) => (i === index ? { ...p, width } : p))

/** Without the panel at `index`. */
export const removePanel = (panels: readonly PanelPlacement[], index: number) =>
  panels.filter((_, i) => i !== index)

/** Why a panel cannot be added, or null: the dashboard is full, or has it already. */
export function addBlocker(panels: readonly PanelPlacement[], panelId: string): string | null {
  if (panels.length >= MAX_DASHBOARD_PANELS)
    return `A dashboard holds at most ${MAX_DASHBOARD_PANELS} panels.`
  if (panels.some((p) => p.panelId === panelId)) return 'The panel is on the dashboard already.'
  return null
}

/** The panel added at the end, at its width; the same panels when it cannot be added. */
export function addPanel(
  panels: readonly PanelPlacement[],
  panelId: string,
  width: PanelWidth,
): PanelPlacement[] {
  return addBlocker(panels, panelId) ? [...panels] : [...panels, { panelId, width }]
}
