import { useMemo, useState } from 'react'
import { Badge, Code, Group, List, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core'
import {
  allocatedMbToBytes,
  DETAILS_PATH_TYPES,
  formatBytes,
  formatDateTime,
  formatDollars,
  type AppAnalysis,
  type AppError,
  type AppErrorView,
  type DetailsPathType,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { ChartGrid } from '../../kit/chart-panel.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { columns as col } from '../../kit/columns.tsx'
import {
  useAppAnalysisQuery,
  useAppErrorViewQuery,
  useAppResourceMetricsQuery,
  useSparkAppAnalysisQuery,
  useSparkAppErrorViewQuery,
} from './api.ts'
import type { AppRef } from './app-ref.ts'
import { LogLoadControl } from './log-load-control.tsx'
import { detailsType } from '../../components/app-details-href.ts'

/** The generic per-attempt calls' type for an app: the page's, else its kind's (a pipeline run's is workflow). */
function pathType(app: AppRef): DetailsPathType {
  const known = (t: string): t is DetailsPathType => (DETAILS_PATH_TYPES as readonly string[]).includes(t)
  if (known(app.type)) return app.type
  const own = detailsType(app.summary.kind)
  return known(own) ? own : 'workflow'
}

/** A per-attempt call of the app: Spark's has its own route (it would be taken by /spark/{platform}/{id}/{section}). */
function useAttemptCall<T>(
  app: AppRef,
  spark: (args: { id: string; attempt: string }, opts: { skip: boolean }) => T,
  generic: (args: { type: DetailsPathType; id: string; attempt: string }, opts: { skip: boolean }) => T,
): T {
  const type = pathType(app)
  const args = { id: app.id, attempt: String(app.attempt) }
  const sparkResult = spark(args, { skip: type !== 'spark' })
  const genericResult = generic({ ...args, type }, { skip: type === 'spark' })
  return type === 'spark' ? sparkResult : genericResult
}

// ─── Errors ──────────────────────────────────────────────────────────────────────────────────

const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  memory: 'Memory',
  shuffle: 'Shuffle',
  'user-code': 'User code',
  killed: 'Killed',
}
const KIND_NAMES: Readonly<Record<string, string>> = {
  'container-memory-limit': 'Container killed for exceeding its memory limit',
  'java-heap-space': 'OutOfMemoryError: Java heap space',
  'gc-overhead-limit': 'OutOfMemoryError: GC overhead limit exceeded',
  'fetch-failed': 'FetchFailedException (shuffle data lost)',
  'user-exception': 'Exception in user code',
  'killed-by-user': 'Killed by a user',
}

/** Who wrote an error, as the header of its card names it. */
const SOURCE_NAMES: Readonly<Record<AppError['source'], string>> = {
  driver: 'From the driver',
  executor: 'From an executor',
  am: 'From the application master',
  task: 'From a task',
  yarn: 'From YARN',
  engine: 'From the engine',
}

/** Where an error came from, in the words of the details' other tabs (stage, task, executor, container). */
function errorPlace(e: AppError): string {
  const parts = [
    e.jobId !== null && `job ${e.jobId}`,
    e.stageId !== null && `stage ${e.stageId}${e.stageAttemptId ? ` attempt ${e.stageAttemptId}` : ''}`,
    e.taskId !== null && `task ${e.taskId}${e.taskAttempt !== null ? ` (attempt ${e.taskAttempt})` : ''}`,
    e.executorId !== null && `executor ${e.executorId}`,
    e.containerId,
    e.host,
  ]
  return parts.filter(Boolean).join(' · ')
}

function ErrorCard({ error, first }: { error: AppError; first: boolean }) {
  return (
    <Paper
      withBorder
      p="sm"
      component="article"
      aria-label={`${error.level} ${error.exception ?? error.source}`}
    >
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={error.level === 'WARN' ? 'yellow' : 'red'} variant="light">
            {error.level}
          </Badge>
          {first && (
            <Badge color="grape" variant="light">
              Root cause
            </Badge>
          )}
          <Text size="sm" fw={600}>
            {error.exception ?? SOURCE_NAMES[error.source]}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(error.time)} · {error.logFile}
          </Text>
        </Group>
        <Text size="sm">{error.message}</Text>
        {errorPlace(error) && (
          <Text size="xs" c="dimmed">
            {errorPlace(error)}
          </Text>
        )}
        {error.logExcerpt.length > 0 && (
          <Code
            block
            // Scrolls both ways: focusable so a keyboard can scroll it too.
            tabIndex={0}
            aria-label={`Log lines around it (${error.logFile})`}
            style={{ maxHeight: 220, overflow: 'auto', whiteSpace: 'pre' }}
          >
            {error.logExcerpt.join('\n')}
          </Code>
        )}
      </Stack>
    </Paper>
  )
}

/** The failure of a failed or killed app: its category and kind, YARN's diagnostics, then its errors root cause first. */
export function ErrorsView({ view }: { view: AppErrorView }) {
  const { failure } = view
  if (!failure) return <Text c="dimmed">No errors: the application did not fail.</Text>
  return (
    <Stack gap="sm">
      <FieldGrid
        fields={[
          { label: 'Failure category', value: CATEGORY_NAMES[failure.category] ?? failure.category },
          { label: 'Failure', value: KIND_NAMES[failure.kind] ?? failure.kind },
          { label: 'Errors', value: String(failure.errors.length) },
        ]}
      />
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          Diagnostics
        </Text>
        <Text size="sm">{failure.diagnostics}</Text>
      </Stack>
      {failure.errors.map((e, i) => (
        <ErrorCard key={`${e.time}-${i}`} error={e} first={i === 0} />
      ))}
    </Stack>
  )
}

export function ErrorsTab({ app }: { app: AppRef }) {
  const result = useAttemptCall(app, useSparkAppErrorViewQuery, useAppErrorViewQuery)
  return (
    <Stack gap="sm">
      {/* 02 §4 Log loading: Spark apps' executor logs (the only type load_logs takes). */}
      {pathType(app) === 'spark' && <LogLoadControl app={app} onLoaded={() => void result.refetch()} />}
      <PanelState what="Errors" {...queryPanel(result, !result.data)}>
        {result.data && <ErrorsView view={result.data} />}
      </PanelState>
    </Stack>
  )
}

// ─── Resources ───────────────────────────────────────────────────────────────────────────────

const HOUR = 3_600_000
/** The resource charts' own range, back from the end of the app's life (issue 17: default the last hour). */
const RESOURCE_RANGES = [
  { value: '1h', label: 'Last 1 Hour', ms: HOUR },
  { value: '6h', label: 'Last 6 Hours', ms: 6 * HOUR },
  { value: '24h', label: 'Last 24 Hours', ms: 24 * HOUR },
  { value: 'life', label: 'Whole life', ms: Infinity },
] as const

export function ResourcesTab({ app }: { app: AppRef }) {
  const [range, setRange] = useState<string>('1h')
  const { startTime, endTime, duration } = app.summary
  const end = endTime ?? startTime + duration
  const span = RESOURCE_RANGES.find((r) => r.value === range)?.ms ?? HOUR
  const start = Math.max(startTime, end - span)
  const result = useAppResourceMetricsQuery({ id: app.id, start_time: String(start), end_time: String(end) })
  const specs = useMemo(() => {
    const d = result.data
    if (!d) return []
    return [
      {
        kind: 'line' as const,
        title: 'Memory allocated',
        description: 'The YARN memory allocated to the app over the range, in bytes.',
        series: [
          { name: 'Memory', data: d.allocatedMB.map(([t, mb]) => [t, allocatedMbToBytes(mb)] as const) },
        ],
        valueFormat: formatBytes,
        binaryUnit: 1,
        range: { from: start, to: end },
      },
      {
        kind: 'line' as const,
        title: 'Vcores allocated',
        description: 'The YARN vcores allocated to the app over the range.',
        series: [{ name: 'Vcores', data: d.allocatedVCores }],
        valueFormat: (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} vcores`,
        range: { from: start, to: end },
      },
    ]
  }, [result.data, start, end])
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {formatDateTime(start)} – {formatDateTime(end)}
        </Text>
        <Select
          label="Resource range"
          data={RESOURCE_RANGES.map(({ value, label }) => ({ value, label }))}
          value={range}
          onChange={(v) => v && setRange(v)}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <PanelState what="Resources" {...queryPanel(result, !result.data)}>
        <ChartGrid specs={specs} />
      </PanelState>
    </Stack>
  )
}

// ─── Insights ────────────────────────────────────────────────────────────────────────────────

/** 02 §4 insight categories, in the order the tab shows them. */
export const INSIGHT_CATEGORIES = [
  { code: 'RE', label: 'Recommendations' },
  { code: 'EF', label: 'Efficiency' },
  { code: 'AF', label: 'Application Failure' },
  { code: 'SE', label: 'SLA Management' },
  { code: 'AV', label: 'AutoAction Violation' },
  { code: 'NA', label: 'Uncategorized' },
] as const

type Recommendation = NonNullable<AppAnalysis['recommendation']>

function RecommendationTable({ rec, cents }: { rec: Recommendation; cents: number }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        Recommendation: {rec.title}
      </Title>
      <Text size="sm">
        Saving a run: {formatDollars(Math.min(rec.savingCents, cents) / 100)} of its{' '}
        {formatDollars(cents / 100)}
      </Text>
      <DetailTable
        caption="Recommended configuration"
        columns={[
          col.text('param', 'Parameter', 320),
          col.text('cset', 'Current', 160),
          col.text('nset', 'Recommended', 160),
        ]}
        rows={rec.cf}
        rowKey={(c) => c.param}
      />
    </Stack>
  )
}

/** The insights of an attempt by 02 §4 category: the default one open, empty ones disabled. */
export function InsightsView({ analysis, cents }: { analysis: AppAnalysis; cents: number }) {
  const categories = analysis.insightsV2[0]?.categories ?? {}
  const first = INSIGHT_CATEGORIES.find((c) => categories[c.code])?.code
  const [active, setActive] = useState<string | null>(analysis.defaultCategory ?? first ?? null)
  if (!first && !analysis.recommendation) return <Text c="dimmed">No insights for this application.</Text>
  return (
    <Stack gap="sm">
      <Tabs value={active} onChange={setActive} variant="pills" keepMounted={false}>
        <Tabs.List aria-label="Insight categories">
          {INSIGHT_CATEGORIES.map((c) => (
            <Tabs.Tab key={c.code} value={c.code} disabled={!categories[c.code]}>
              {c.label}
              {categories[c.code] ? ` (${categories[c.code]!.instances.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {INSIGHT_CATEGORIES.map((c) => (
          <Tabs.Panel key={c.code} value={c.code} pt="sm">
            <Stack gap="sm">
              {categories[c.code]?.instances.map((i) => (
                <Paper key={i.key} withBorder p="sm" component="article" aria-label={i.title}>
                  <Group gap="xs" mb={4}>
                    <Text fw={600} size="sm">
                      {i.title}
                    </Text>
                    <Badge variant="light" color={i.impact >= 50 ? 'red' : 'yellow'}>
                      Impact {i.impact} %
                    </Badge>
                  </Group>
                  <List size="sm">
                    {i.events.map((e) => (
                      <List.Item key={e}>{e}</List.Item>
                    ))}
                  </List>
                  {i.actions.length > 0 && (
                    <Text size="sm" mt={4}>
                      What to do: {i.actions.join(' ')}
                    </Text>
                  )}
                </Paper>
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      {/* 02 §4: only the last recommendation with config changes, whatever category it came from. */}
      {analysis.recommendation && <RecommendationTable rec={analysis.recommendation} cents={cents} />}
    </Stack>
  )
}

export function InsightsTab({ app }: { app: AppRef }) {
  const result = useAttemptCall(app, useSparkAppAnalysisQuery, useAppAnalysisQuery)
  return (
    <PanelState what="Insights" {...queryPanel(result, !result.data)}>
      {result.data && <InsightsView analysis={result.data} cents={app.summary.cents} />}
    </PanelState>
  )
}
