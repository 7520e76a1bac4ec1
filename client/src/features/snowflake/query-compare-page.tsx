import { Fragment, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query/react'
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import {
  COMPARE_MAX_ITEMS,
  MESSAGES,
  formatMessage,
  readList,
  type SnowflakeQueryDetails,
} from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { PanelFailure } from '../../components/panel-state/panel-state.tsx'
import { useQueryDetailsQuery } from './api.ts'
import { queryDetailsHref } from './query-columns.tsx'
import {
  INSIGHT_SUMMARY,
  METRIC_FIELDS,
  QUERY_DETAIL_FIELDS,
  WAREHOUSE_FIELDS,
  fieldDiffers,
  type QueryField,
} from './query-fields.ts'
import { QueryStatusBadge } from './query-format.tsx'
import classes from './snowflake.module.css'

/** The sections of the comparison, each a list of the details page's own fields. */
const SECTIONS: readonly { title: string; fields: readonly QueryField[] }[] = [
  // The id heads each column already.
  { title: 'Query', fields: QUERY_DETAIL_FIELDS.filter((f) => f.key !== 'id') },
  { title: 'Insights', fields: [INSIGHT_SUMMARY] },
  { title: 'Metrics', fields: METRIC_FIELDS },
  { title: 'Warehouse', fields: WAREHOUSE_FIELDS },
]

/** The ids of a compare address (B262): comma-joined, without duplicates, at most two. */
export function compareIds(search: string): string[] {
  return [...new Set(readList(new URLSearchParams(search), 'ids'))].slice(0, COMPARE_MAX_ITEMS)
}

/**
 * /query/compare?ids=a,b (R146, 03 §2 Compare feature): the chosen queries side by side, field by
 * field, with every row whose values differ marked (a bar, a tint and the word, not colour alone),
 * and an option to show only those rows.
 */
export default function QueryComparePage() {
  const location = useLocation()
  const ids = compareIds(location.search)
  const first = useQueryDetailsQuery(ids[0] ?? skipToken)
  const second = useQueryDetailsQuery(ids[1] ?? skipToken)
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const results = [first, second].slice(0, ids.length)

  const heading = (
    <Title order={1} size="h3">
      Compare queries
    </Title>
  )
  if (ids.length === 0)
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="gray">
          No queries to compare. Tick one or two queries in the{' '}
          <Anchor component={Link} to="/query/list">
            query list
          </Anchor>{' '}
          and press Compare.
        </Alert>
      </Stack>
    )
  if (results.some((r) => r.isLoading))
    return (
      <Stack gap="sm">
        {heading}
        <Group gap="xs" py="xl" justify="center" role="status">
          <Loader size="sm" />
          <Text>Loading {ids.join(' and ')}…</Text>
        </Group>
      </Stack>
    )

  const missing = ids.filter((_, i) => !results[i]!.data)
  const items = results.map((r) => r.data).filter((d): d is SnowflakeQueryDetails => d !== undefined)
  const differing = SECTIONS.flatMap((s) => s.fields).filter((f) => fieldDiffers(f, items)).length

  return (
    <Stack gap="md">
      <Group justify="space-between">
        {heading}
        {items.length === 2 && (
          <Group gap="md">
            <Text size="sm" aria-live="polite">
              {differing} {differing === 1 ? 'field differs' : 'fields differ'}
            </Text>
            <Switch
              label="Show differences only"
              checked={onlyDifferences}
              onChange={(e) => setOnlyDifferences(e.currentTarget.checked)}
            />
          </Group>
        )}
      </Group>
      {missing.map((id) => {
        const result = results[ids.indexOf(id)]!
        // Only a 404 is 'not found'; any other failure says so, with a retry.
        return result.isError && (result.error as { status?: number } | undefined)?.status !== 404 ? (
          <PanelFailure
            key={id}
            what={`Query ${id}`}
            error={result.error}
            onRetry={() => void result.refetch()}
          />
        ) : (
          <Alert key={id} color="gray">
            {formatMessage('M066', { pageName: 'query', id })}
          </Alert>
        )
      })}
      {items.length > 0 && (
        <Table
          aria-label="Compared queries"
          withTableBorder
          withColumnBorders
          verticalSpacing="xs"
          layout="fixed"
          stickyHeader
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={240}>Field</Table.Th>
              {items.map((d) => (
                <Table.Th key={d.query.id} scope="col">
                  <Group gap="xs">
                    <Anchor component={Link} to={queryDetailsHref(d.query.id)} ff="monospace" size="sm">
                      {d.query.id}
                    </Anchor>
                    <QueryStatusBadge code={d.query.status} />
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SECTIONS.map((section) => {
              const rows = section.fields
                .map((field) => ({ field, differs: fieldDiffers(field, items) }))
                .filter((r) => !onlyDifferences || r.differs)
              if (rows.length === 0) return null
              return (
                <Fragment key={section.title}>
                  <Table.Tr>
                    <Table.Th
                      colSpan={items.length + 1}
                      scope="colgroup"
                      bg="var(--mantine-color-default-hover)"
                    >
                      {section.title}
                    </Table.Th>
                  </Table.Tr>
                  {rows.map(({ field, differs }) => (
                    <Table.Tr key={field.key} className={differs ? classes.differs : undefined}>
                      <Table.Th scope="row" fw={500}>
                        <Group gap={6} wrap="nowrap">
                          {field.label}
                          {differs && (
                            <Badge size="xs" color="dark" variant="outline">
                              differs
                            </Badge>
                          )}
                        </Group>
                      </Table.Th>
                      {items.map((d) => (
                        <Table.Td key={d.query.id} className={classes.value}>
                          {field.text(d)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Fragment>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
      {items.length > 0 && (
        <section aria-labelledby="compare-sql">
          <Title order={2} size="h5" id="compare-sql" mb="xs">
            SQL
          </Title>
          <SimpleGrid cols={{ base: 1, md: items.length }}>
            {items.map((d) => (
              <CodeViewer
                key={d.query.id}
                title={`SQL of ${d.query.id}`}
                code={d.query.sqlFull}
                language="sql"
              />
            ))}
          </SimpleGrid>
        </section>
      )}
      {items.length === 0 && missing.length === 0 && (
        <Text c="dimmed">
          {MESSAGES.M052}
          <VisuallyHidden> for {ids.join(', ')}</VisuallyHidden>
        </Text>
      )}
    </Stack>
  )
}
