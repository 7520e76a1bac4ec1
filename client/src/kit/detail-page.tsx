import type { ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { Anchor, Breadcrumbs, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { PanelState } from '../components/panel-state/panel-state.tsx'
import { panelStatus } from '../components/panel-state/panel-status.ts'
import { ChartPanel, type ChartPanelSpec } from './chart-panel.tsx'
import { FieldGrid, type GridField } from './field-grid.tsx'
import { KpiRow, type Kpi } from './kpi-row.tsx'
import type { ListQueryResult } from './list-page.tsx'
import type { ReturnState } from './return-link.tsx'

/**
 * One tab of a details page: its address value, its name and what it shows of the answer, as
 * configuration (a field grid, chart panels, in that order) and anything else `render` draws below.
 */
export interface DetailTab<D> {
  value: string
  label: string
  fields?: (data: D) => readonly GridField[]
  charts?: (data: D) => readonly ChartPanelSpec[]
  render?: (data: D) => ReactNode
}

/** A tab's panel: its fields, its charts, then what it renders. */
function TabPanel<D>({ tab, data }: { tab: DetailTab<D>; data: D }) {
  return (
    <Stack gap="sm">
      {tab.fields && <FieldGrid fields={tab.fields(data)} />}
      {tab.charts?.(data).map((spec) => (
        <ChartPanel key={spec.title} spec={spec} />
      ))}
      {tab.render?.(data)}
    </Stack>
  )
}

export interface DetailPageProps<D> {
  title: string
  /** Beside the title: a status badge, an id. */
  badge?: (data: D) => ReactNode
  /** The list the page belongs to: its breadcrumb goes back to the address the page was opened from. */
  back: { label: string; to: string }
  /** What the page shows, as the failure names it ('Cluster' → 'Cluster could not be loaded'). */
  what: string
  result: ListQueryResult<D> & { isLoading?: boolean }
  kpis?: (data: D) => readonly Kpi[]
  /** The KPI row as a named region (e.g. 'Warehouse usage'); a plain list of key figures without. */
  kpiLabel?: string
  /** One tab shows its content without a tab bar (a page of one section). */
  tabs: readonly DetailTab<D>[]
  /** At the right of the title: the page's range picker and Refresh. */
  actions?: ReactNode
  /** What a 404 answer says instead of a failure with a retry: the record does not exist (M066). */
  notFound?: string
  /**
   * Said instead of the content when there is nothing to ask for: the address names no record, or
   * the answers came but hold no such record (a job its app does not have). Pass NOTHING_ASKED as
   * the result when no call was made.
   */
  missing?: string
}

/** The result of a page that made no call (its address names nothing): neither loading nor failed. */
export const NOTHING_ASKED: ListQueryResult<never> = {
  data: undefined,
  isFetching: false,
  isError: false,
  error: undefined,
  refetch: () => undefined,
}

/**
 * A details screen from configuration (issue 16, ARCHITECTURE "The page kit"): breadcrumb back to
 * the list (its filters and page kept), title, KPI row and tabs, with the loading and failed states
 * of its one call. The tab is kept in the address (`?tab=`), each change a history entry, so Back
 * returns to the tab before (issue 16, History); the first tab is the plain address.
 */
export function DetailPage<D>(props: DetailPageProps<D>) {
  const { title, badge, back, what, result, kpis, tabs } = props
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  const from = (location.state as ReturnState | null)?.from ?? back.to
  const tab = tabs.find((t) => t.value === params.get('tab')) ?? tabs[0]!
  const { data } = result
  const select = (value: string | null) => {
    const next = new URLSearchParams(params)
    if (!value || value === tabs[0]!.value) next.delete('tab')
    else next.set('tab', value)
    // A push, not a replace: Back undoes a tab change. The list's address travels along.
    setParams(next, { state: location.state })
  }
  return (
    <Stack gap="sm">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          <Anchor component={Link} to={from} size="sm">
            {back.label}
          </Anchor>
          <Text size="sm" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Group gap="sm" align="center">
          <Title order={1} size="h3">
            {title}
          </Title>
          {data !== undefined && badge?.(data)}
        </Group>
        {props.actions && (
          <Group gap="xs" wrap="wrap" align="flex-end">
            {props.actions}
          </Group>
        )}
      </Group>
      {props.missing !== undefined || (props.notFound && data === undefined && isNotFound(result.error)) ? (
        <Text c="dimmed">{props.missing ?? props.notFound}</Text>
      ) : (
        <PanelState
          status={panelStatus(result, data === undefined)}
          what={what}
          error={result.error}
          onRetry={() => void result.refetch()}
        >
          {data !== undefined && (
            <Stack gap="sm">
              {kpis && <KpiRow kpis={kpis(data)} label={props.kpiLabel} />}
              {tabs.length === 1 ? (
                <TabPanel tab={tabs[0]!} data={data} />
              ) : (
                <Tabs value={tab.value} onChange={select} keepMounted={false}>
                  <Tabs.List aria-label={`${title} sections`}>
                    {tabs.map((t) => (
                      <Tabs.Tab key={t.value} value={t.value}>
                        {t.label}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  {tabs.map((t) => (
                    <Tabs.Panel key={t.value} value={t.value} pt="sm">
                      <TabPanel tab={t} data={data} />
                    </Tabs.Panel>
                  ))}
                </Tabs>
              )}
            </Stack>
          )}
        </PanelState>
      )}
    </Stack>
  )
}

const isNotFound = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404
