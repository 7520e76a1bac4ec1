import type { ReactNode } from 'react'
import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import {
  ELK_MAX_WINDOW_DAYS,
  type ElkHealth,
  type ElkSeriesResponse,
  type StatusStyle,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { ClusterSelect } from '../../kit/cluster-select.tsx'
import { IntervalSelect } from '../../kit/interval-select.tsx'
import { RangePicker, RefreshButton, type RangeHandle } from '../../kit/page-header.tsx'
import type { PageClock } from '../../kit/page-clock.ts'
import { PlotGrid } from '../../kit/plot-chart.tsx'
import type { ElkInterval } from './elk-state.ts'
import { elkCharts } from './elk-units.ts'
import { elkIntervalChoices, type ElkView } from './elk-view.ts'

/*
 * The pieces the three Elastic pages share: the health badge, the header's controls and a panel of
 * KPI charts with its own loading, failure (with a retry) and empty states.
 */

const HEALTH_STYLES: Readonly<Record<ElkHealth, StatusStyle>> = {
  green: 'success',
  yellow: 'pending',
  red: 'error',
}
const HEALTH_COLOURS: Readonly<Record<ElkHealth, string>> = { green: 'green', yellow: 'yellow', red: 'red' }
const HEALTH_WORDS: Readonly<Record<ElkHealth, string>> = { green: 'Green', yellow: 'Yellow', red: 'Red' }
/** What each health means of a cluster (its shards) and of a Kibana instance (its service). */
const MEANINGS = {
  shards: {
    green: 'every shard assigned',
    yellow: 'some replicas unassigned',
    red: 'some primaries unassigned',
  },
  service: { green: 'available', yellow: 'degraded', red: 'unavailable' },
} as const satisfies Record<string, Readonly<Record<ElkHealth, string>>>

/** A health in words beside its colour ('Yellow'), never colour alone. */
export const healthWords = (health: ElkHealth) => HEALTH_WORDS[health] ?? health

export function HealthBadge({ health }: { health: ElkHealth }) {
  return <StatusBadge code={health} label={healthWords(health)} style={HEALTH_STYLES[health] ?? 'unknown'} />
}

/** The health beside a page's title: 'Health: Yellow · some replicas unassigned'. */
export function TitleHealth({
  health,
  what,
  of,
}: {
  health: ElkHealth
  what: string
  of: keyof typeof MEANINGS
}) {
  return (
    // The dot variant: the words in body text colour (AA contrast), the hue on the dot.
    <Badge variant="dot" color={HEALTH_COLOURS[health]} size="lg" tt="none">
      {what}: {healthWords(health)} · {MEANINGS[of][health]}
    </Badge>
  )
}

/** The line under the title: where the cluster runs and how the figures are read. */
export function ScopeNote({ children, view }: { children: ReactNode; view: ElkView }) {
  return (
    <Text size="sm" c="dimmed">
      {children} · rates averaged over the range
      {view.cut && `, its last ${ELK_MAX_WINDOW_DAYS} days`}
    </Text>
  )
}

/** The changes a page's controls make, which every ELK page's state takes. */
type ElkActionChange = (
  event: { type: 'ClusterName'; ClusterName: string } | { type: 'interval'; interval: ElkInterval },
) => void

/** A page's controls: its cluster (the rows' `cluster`), range, interval and Refresh. */
export function ElkActions(props: {
  clusterLabel: string
  clusters: readonly { cluster: string }[] | undefined
  cluster: string | undefined
  change: ElkActionChange
  list: RangeHandle & { clock: PageClock }
  view: ElkView
}) {
  const { view, change } = props
  return (
    <>
      <ClusterSelect
        label={props.clusterLabel}
        names={(props.clusters ?? []).map((c) => c.cluster)}
        value={props.cluster}
        onChange={(name) => change({ type: 'ClusterName', ClusterName: name })}
        width={260}
      />
      <RangePicker list={props.list} />
      <IntervalSelect
        value={view.interval}
        choices={elkIntervalChoices(view.range.from, view.range.to)}
        onChange={(interval) => change({ type: 'interval', interval })}
      />
      <RefreshButton clock={props.list.clock} />
    </>
  )
}

export interface SeriesQuery {
  data?: ElkSeriesResponse
  isFetching?: boolean
  isLoading?: boolean
  isError?: boolean
  error?: unknown
  refetch: () => unknown
}

/**
 * A section of KPI charts, one per unit, of one series call: titled, with its loading state, its
 * failure and Retry, and 'No Data Available' when the call answers no point.
 */
export function SeriesSection(props: {
  title: string
  subject: string
  query: SeriesQuery
  view: ElkView
  /** One series per node, index… named after it (the per-node heap chart). */
  byMember?: boolean
  emptyText?: string
  headerRight?: ReactNode
}) {
  const { title, subject, query, view } = props
  const charts = elkCharts(query.data?.series, subject, view, props.byMember)
  const empty = charts.every((c) => c.series.every((s) => s.data.length === 0))
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h5">
          {title}
        </Title>
        {props.headerRight}
      </Group>
      <PanelState {...queryPanel(query, empty)} what={title} emptyText={props.emptyText} minHeight={200}>
        <PlotGrid specs={charts} />
      </PanelState>
    </Stack>
  )
}
