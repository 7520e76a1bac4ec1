import type { ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { Badge, Text } from '@mantine/core'
import { formatDateTime, KAFKA_MAX_WINDOW_DAYS, zoneLabel } from '@costlens/shared'
import { DetailPage } from '../../kit/detail-page.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import type { ListQueryResult } from '../../kit/list-page.tsx'
import { RangePicker, RefreshButton, type RangeHandle } from '../../kit/page-header.tsx'
import type { PageClock } from '../../kit/page-clock.ts'
import { IntervalSelect } from '../../kit/interval-select.tsx'
import type { ReturnState } from '../../kit/return-link.tsx'
import type { PageInterval } from './kafka-state.ts'
import type { KafkaWindow } from './kafka-view.ts'
import { intervalChoices } from './kafka-window.ts'

/**
 * What the breadcrumb goes back to: the page the link was followed from (a topic, a group: the
 * kit's ReturnLink carries it), else the cluster's Kafka page.
 */
export function backLabel(from: string | undefined, cluster: string): string {
  const [, page, , name] = (from ?? '').split('?')[0]!.split('/')
  if (page === 'kafkatopic' && name) return `Topic ${decodeURIComponent(name)}`
  if (page === 'kafkaconsumer' && name) return `Consumer group ${decodeURIComponent(name)}`
  return `Kafka ${cluster}`
}

/**
 * The frame of a topic's and a consumer group's page: the way back to the cluster's Kafka page, the
 * subject's name and kind, the range, interval and Refresh, the figures of its one call and what the
 * page shows of it; a 404 says the subject does not exist.
 */
export function KafkaDetailPage<D extends { time: number }>(props: {
  title: string
  kind: string
  cluster: string
  list: RangeHandle & { clock: PageClock }
  view: KafkaWindow
  onInterval: (interval: PageInterval) => void
  result: ListQueryResult<D>
  notFound: string
  kpis: (data: D) => Kpi[]
  render: (data: D) => ReactNode
  badge?: (data: D) => ReactNode
}) {
  const { title, kind, cluster, list, view, result } = props
  const from = (useLocation().state as ReturnState | null)?.from
  return (
    <DetailPage
      title={title}
      what={`The ${kind.toLowerCase()}`}
      back={{
        label: backLabel(from, cluster),
        to: `/clusters/kafka?kafkaClusterName=${encodeURIComponent(cluster)}`,
      }}
      result={result}
      notFound={props.notFound}
      badge={(data) => (
        <>
          <Badge variant="light" color="gray">
            {kind}
          </Badge>
          {props.badge?.(data)}
          <Text size="sm" c="dimmed">
            offsets and lag at {formatDateTime(data.time)} {zoneLabel(undefined, data.time)}
            {view.cut && `, the last ${KAFKA_MAX_WINDOW_DAYS} days of the range`}
          </Text>
        </>
      )}
      actions={
        <>
          <RangePicker list={list} />
          <IntervalSelect
            value={view.interval}
            choices={intervalChoices(view.range.from, view.range.to)}
            onChange={props.onInterval}
          />
          <RefreshButton clock={list.clock} />
        </>
      }
      kpis={props.kpis}
      kpiLabel={`${title} figures`}
      tabs={[{ value: 'details', label: 'Details', render: props.render }]}
    />
  )
}
