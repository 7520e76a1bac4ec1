import { useMemo } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core'
import {
  DATABRICKS_INSIGHT_KEYS,
  formatDollars,
  type DatabricksInsightAction,
  type DatabricksInsightActions,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { useAppSelector } from '../../app/hooks.ts'
import { columns } from '../../kit/columns.tsx'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { PAGE_SIZES } from './insight-jobs-page.tsx'
import { useDatabricksInsightActionsQuery, useUpdateDatabricksInsightActionMutation } from './api.ts'
import {
  INSIGHT_TITLES,
  insightActionsState,
  insightFilterArgs,
  insightRangeArgs,
  sortParam,
} from './insights-state.ts'

type View = ReturnType<typeof insightActionsState.defaults>

const TABS = [
  { value: 'remediation', label: 'Remediation' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
] as const

/** Marks the action done, or reopens it; the figures refetch (the call invalidates them). */
function ActionButton({ action, readOnly }: { action: DatabricksInsightAction; readOnly: boolean }) {
  const [update, { isLoading }] = useUpdateDatabricksInsightActionMutation()
  const done = action.state === 'done'
  return (
    <Button
      size="xs"
      variant={done ? 'default' : 'filled'}
      loading={isLoading}
      disabled={readOnly}
      aria-label={`${done ? 'Reopen' : 'Mark done'}: ${action.name}, ${action.workspaceName}`}
      onClick={() =>
        void update({
          workspaceId: action.workspaceId,
          jobId: action.jobId,
          insight: action.insight,
          state: done ? 'open' : 'done',
        })
      }
    >
      {done ? 'Reopen' : 'Mark done'}
    </Button>
  )
}

function actionColumns(readOnly: boolean): readonly DataColumn<DatabricksInsightAction>[] {
  return [
    {
      key: 'name',
      title: 'Insight',
      width: 200,
      priority: 1,
      render: (a) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {a.name}
          </Text>
          <Text size="xs" c="dimmed">
            {`${a.category} · ${a.workspaceName}`}
          </Text>
        </Stack>
      ),
      exportValue: (a) => a.name,
    },
    {
      key: 'finding',
      title: 'What was found',
      width: 230,
      priority: 1,
      sortable: false,
      // Sentences: wrapped in the cell, not cut.
      render: (a) => (
        <Text size="sm" style={{ whiteSpace: 'normal' }}>
          {a.finding}
        </Text>
      ),
    },
    {
      key: 'recommendation',
      title: 'What to do',
      width: 230,
      priority: 1,
      sortable: false,
      render: (a) => (
        <Text size="sm" style={{ whiteSpace: 'normal' }}>
          {a.recommendation}
        </Text>
      ),
    },
    { ...columns.count<DatabricksInsightAction>('runs', 'Runs', 70), priority: 4 },
    { ...columns.usd<DatabricksInsightAction>('untappedSavings', 'Untapped', 120), priority: 1 },
    { ...columns.usd<DatabricksInsightAction>('realizedCostSavings', 'Realised', 120), priority: 1 },
    {
      key: 'doneAt',
      title: 'State',
      width: 210,
      priority: 1,
      // The state and its button together, so the button stays on screen at any width.
      render: (a) => (
        <Stack gap={4} align="flex-start">
          {a.state === 'done' ? (
            <>
              <Badge color="teal.9" variant="outline" size="sm">
                Done
              </Badge>
              <Text size="xs" c="dimmed">
                {`${new Date(a.doneAt!).toISOString().slice(0, 16).replace('T', ' ')} UTC by ${a.doneBy}`}
              </Text>
            </>
          ) : (
            <Badge color="red.9" variant="outline" size="sm">
              Open
            </Badge>
          )}
          <ActionButton action={a} readOnly={readOnly} />
        </Stack>
      ),
      exportValue: (a) => a.state,
    },
  ]
}

const filterSpecs: FilterSpec<View['filters'], DatabricksInsightActions>[] = [
  {
    kind: 'text',
    field: 'query',
    label: 'Search insights',
    placeholder: 'Press Enter to apply',
    commitOn: 'enter',
  },
  {
    kind: 'multi',
    field: 'insights',
    label: 'Insights',
    options: () => DATABRICKS_INSIGHT_KEYS.map((k) => ({ value: k, label: INSIGHT_TITLES[k] })),
    allWhenEmpty: true,
  },
]

function kpis(data: DatabricksInsightActions | undefined): readonly Kpi[] {
  const t = data?.totals
  return [
    { label: 'Untapped savings (USD)', value: t ? formatDollars(t.untappedSavings) : '--' },
    { label: 'Realised savings (USD)', value: t ? formatDollars(t.realizedCostSavings) : '--' },
    { label: 'Open actions', value: data ? String(data.counts.remediation) : '--' },
    { label: 'Done actions', value: data ? String(data.counts.done) : '--' },
  ]
}

/** The insights list's address for the way back: the same range and filters, no tab or paging. */
function backHref(search: string): string {
  const params = new URLSearchParams(search)
  for (const key of ['tab', 'page', 'pageSize', 'sort', 'query', 'workspace']) params.delete(key)
  const rest = params.toString()
  return `/jobs/insights${rest ? `?${rest}` : ''}`
}

/**
 * /jobs/insights/:jobName/actions (R190; 03 §2, 02 §2): one job's job × insight actions — what was
 * found, what to do, the savings — on the remediation (open), done and all tabs, 10 a page by
 * untapped savings; "Mark done" / "Reopen" stores the state (a read-only admin cannot).
 */
export default function InsightActionsPage() {
  const user = useAppSelector((s) => s.session.user)!
  const { jobName = '' } = useParams()
  const { search } = useLocation()
  const list = useListState(insightActionsState)
  const request = useMemo(() => {
    const view = list.state
    return {
      jobName,
      ...insightRangeArgs(view, user.plan),
      ...insightFilterArgs(view.filters),
      ...(view.filters.query && { query: view.filters.query }),
      tab: view.tab,
      page: view.page,
      pageSize: view.pageSize,
      sort: sortParam(view.sort),
    }
  }, [list.state, user.plan, jobName])
  const cols = useMemo(() => actionColumns(user.role === 'readonlyAdmin'), [user.role])
  return (
    <ListPage
      title={jobName}
      caption={`Insight actions of ${jobName}`}
      what="The actions"
      description={
        <Anchor component={Link} to={backHref(search)} size="sm">
          ← All jobs with insights
        </Anchor>
      }
      list={list}
      result={useDatabricksInsightActionsQuery(request)}
      request={request}
      pickerKind="cost"
      tabs={{ field: 'tab', label: 'Actions', options: TABS }}
      rows={(data) => data?.rows ?? []}
      total={(data) => data?.total ?? 0}
      kpis={kpis}
      filters={{ specs: filterSpecs, layout: 'side', width: 220 }}
      columns={cols}
      rowKey={(a) => `${a.workspaceId}_${a.jobId}_${a.insight}`}
      emptyText="No action on this tab in this range"
      pageSizes={PAGE_SIZES}
    />
  )
}
