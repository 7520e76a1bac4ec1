import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconGitCompare } from '@tabler/icons-react'
import {
  compareCheckboxDisabled,
  formatDurationMs,
  formatMessage,
  queryStringFromState,
  type SnowflakeQueryDetails,
} from '@costlens/shared'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { ComparePanel } from '../../components/compare/compare-panel.tsx'
import { compareToggled } from '../../components/compare/compare-slice.ts'
import { PanelFailure } from '../../components/panel-state/panel-state.tsx'
import { useQueryDetailsQuery } from './api.ts'
import { DETAILS_TABS } from './query-details-tabs.tsx'
import { QueryStatusBadge, credits, usd } from './query-format.tsx'
import classes from './snowflake.module.css'

/**
 * /query/{queryUid}/details (R145, 03 §2): the query's headline numbers and its six tabs. The open
 * tab is kept in the address (`tab`), so a link can open the insights or the metrics directly.
 */
export default function QueryDetailsPage() {
  const { queryUid = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  useDocumentTitle(`Query ${queryUid}`)
  const details = useQueryDetailsQuery(queryUid)
  const requested = new URLSearchParams(location.search).get('tab')
  const tab = DETAILS_TABS.find((t) => t.value === requested)?.value ?? DETAILS_TABS[0]!.value

  const breadcrumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/query/list" size="sm">
        Queries
      </Anchor>
      <Text size="sm" ff="monospace">
        {queryUid}
      </Text>
    </Breadcrumbs>
  )

  if (details.isLoading)
    return (
      <Stack gap="sm">
        {breadcrumbs}
        <Group gap="xs" py="xl" justify="center" role="status">
          <Loader size="sm" />
          <Text>Loading query {queryUid}…</Text>
        </Group>
      </Stack>
    )

  if (!details.data) {
    const status = (details.error as { status?: number } | undefined)?.status
    return (
      <Stack gap="sm">
        {breadcrumbs}
        {status === 404 ? (
          <Alert color="gray" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Text size="sm">{formatMessage('M066', { pageName: 'query', id: queryUid })}</Text>
          </Alert>
        ) : (
          <PanelFailure
            what={`Query ${queryUid}`}
            error={details.error}
            onRetry={() => void details.refetch()}
          />
        )}
      </Stack>
    )
  }

  const data = details.data
  return (
    <Stack gap="md">
      {breadcrumbs}
      <QueryHeader details={data} />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) =>
          value &&
          void navigate(
            // A tab is a step Back undoes (a history entry), as on every details page.
            { search: queryStringFromState({ tab: value === DETAILS_TABS[0]!.value ? undefined : value }) },
          )
        }
      >
        <Tabs.List aria-label="Query details">
          {DETAILS_TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                t.count ? (
                  <Badge size="xs" variant="light" circle>
                    {t.count(data)}
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DETAILS_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.panel(data)}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ComparePanel type="query" />
    </Stack>
  )
}

/** The headline: id, status, cost, credits, duration, user and warehouse, and the compare toggle. */
function QueryHeader({ details }: { details: SnowflakeQueryDetails }) {
  const { query } = details
  const selection = useAppSelector((s) => s.compare.query)
  const dispatch = useAppDispatch()
  const chosen = selection.includes(query.id)
  const stats: readonly [string, string][] = [
    ['Cost (USD)', usd(query.cost)],
    ['Credits', credits(query.usage)],
    ['Duration', formatDurationMs(query.duration)],
    ['User', query.userName],
    ['Warehouse', query.warehouse.name],
  ]
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h3" ff="monospace">
              {query.id}
            </Title>
            <QueryStatusBadge code={query.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {query.queryType} · {details.databaseName}.{details.schemaName}
          </Text>
        </Stack>
        <Button
          variant={chosen ? 'light' : 'default'}
          leftSection={<IconGitCompare size={16} aria-hidden />}
          disabled={compareCheckboxDisabled(selection, query.id)}
          aria-pressed={chosen}
          onClick={() => dispatch(compareToggled({ type: 'query', id: query.id }))}
        >
          {chosen ? 'Added to compare' : 'Add to compare'}
        </Button>
      </Group>
      <Group component="dl" gap="xl" mt="md" className={classes.dl}>
        {stats.map(([label, value]) => (
          <Stack key={label} gap={2} className={classes.stat}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {label}
            </Text>
            <Text component="dd" size="lg" fw={600}>
              {value}
            </Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  )
}
