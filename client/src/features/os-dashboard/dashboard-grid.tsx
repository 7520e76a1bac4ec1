import { ActionIcon, Grid, Group, Loader, Select, Text, Tooltip } from '@mantine/core'
import { IconArrowDown, IconArrowLeft, IconArrowRight, IconArrowUp, IconX } from '@tabler/icons-react'
import {
  PANEL_WIDTHS,
  type PanelData,
  type PanelDefinition,
  type PanelPlacement,
  type PanelWidth,
} from '@costlens/shared'
import type { TimeRange } from '../../components/charts/chart-types.ts'
import { GRID_COLUMNS, canMove, type Move } from './layout.ts'
import { PanelFigure, PanelFrame } from './panel-view.tsx'

const MOVE_ICONS = {
  up: IconArrowUp,
  down: IconArrowDown,
  left: IconArrowLeft,
  right: IconArrowRight,
} as const
const MOVE_WORDS: Readonly<Record<Move, string>> = { up: 'up', down: 'down', left: 'earlier', right: 'later' }
const WIDTH_LABELS: Readonly<Record<PanelWidth, string>> = { 1: '1 column', 2: '2 columns', 3: 'Full width' }

export interface PanelEdits {
  onMove: (index: number, move: Move) => void
  onResize: (index: number, width: PanelWidth) => void
  onRemove: (index: number) => void
}

/** A panel's editing controls: move (buttons, keyboard reachable), width, remove. */
function PanelControls({
  index,
  title,
  panels,
  edits,
}: {
  index: number
  title: string
  panels: readonly PanelPlacement[]
  edits: PanelEdits
}) {
  return (
    <Group gap={4} justify="space-between" mb="xs" wrap="nowrap">
      <Group gap={2} wrap="nowrap">
        {(['left', 'up', 'down', 'right'] as const).map((move) => {
          const Icon = MOVE_ICONS[move]
          const label = `Move ${title} ${MOVE_WORDS[move]}`
          return (
            <Tooltip key={move} label={label}>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={label}
                disabled={!canMove(panels, index, move)}
                onClick={() => edits.onMove(index, move)}
              >
                <Icon size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )
        })}
      </Group>
      <Group gap={4} wrap="nowrap">
        <Select
          size="xs"
          w={120}
          aria-label={`Width of ${title}`}
          data={PANEL_WIDTHS.map((w) => ({ value: String(w), label: WIDTH_LABELS[w] }))}
          value={String(panels[index]!.width)}
          allowDeselect={false}
          onChange={(v) => v && edits.onResize(index, Number(v) as PanelWidth)}
        />
        <Tooltip label={`Remove ${title}`}>
          <ActionIcon
            variant="default"
            size="sm"
            color="red"
            aria-label={`Remove ${title}`}
            onClick={() => edits.onRemove(index)}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  )
}

/**
 * The dashboard's panels on a 3-column grid (one column on a narrow screen), each at its width, in
 * order; with `edits`, each with its controls. A panel whose figures have not come yet shows a spinner.
 */
export function DashboardGrid({
  panels,
  catalogue,
  figures,
  range,
  edits,
}: {
  panels: readonly PanelPlacement[]
  catalogue: ReadonlyMap<string, PanelDefinition>
  figures: ReadonlyMap<string, PanelData>
  range: TimeRange
  edits?: PanelEdits
}) {
  return (
    <Grid gap="sm" aria-label="Panels">
      {panels.map((placement, index) => {
        const definition = catalogue.get(placement.panelId)
        const title = definition?.title ?? placement.panelId
        const data = figures.get(placement.panelId)
        return (
          <Grid.Col key={placement.panelId} span={{ base: 12, md: (12 / GRID_COLUMNS) * placement.width }}>
            <PanelFrame id={placement.panelId} label={title}>
              {edits && <PanelControls index={index} title={title} panels={panels} edits={edits} />}
              {!definition ? (
                <Text size="sm" c="dimmed">
                  {title} is no longer offered on this platform.
                </Text>
              ) : data ? (
                <PanelFigure definition={definition} data={data} range={range} />
              ) : (
                <Group justify="center" mih={definition.visualisation === 'kpi' ? 60 : 200}>
                  <Loader size="sm" aria-label={`Loading ${title}`} />
                </Group>
              )}
            </PanelFrame>
          </Grid.Col>
        )
      })}
    </Grid>
  )
}
