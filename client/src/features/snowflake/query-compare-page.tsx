import { Link, useLocation } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { Anchor, Group, SimpleGrid, Title } from '@mantine/core'
import type { SnowflakeQueryDetails } from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { compareIds } from '../../kit/compare-fields.ts'
import { ComparePage, type CompareSection } from '../../kit/compare-page.tsx'
import { useQueryDetailsQuery } from './api.ts'
import { queryDetailsHref } from './query-columns.tsx'
import { INSIGHT_SUMMARY, METRIC_FIELDS, QUERY_DETAIL_FIELDS, WAREHOUSE_FIELDS } from './query-fields.ts'
import { QueryStatusBadge } from './query-format.tsx'

/** The sections of the comparison, each a list of the details page's own fields. */
const SECTIONS: readonly CompareSection<SnowflakeQueryDetails>[] = [
  // The id heads each column already.
  { title: 'Query', fields: QUERY_DETAIL_FIELDS.filter((f) => f.key !== 'id') },
  { title: 'Insights', fields: [INSIGHT_SUMMARY] },
  { title: 'Metrics', fields: METRIC_FIELDS },
  { title: 'Warehouse', fields: WAREHOUSE_FIELDS },
]

/**
 * /query/compare?ids=a,b (R146, 03 §2 Compare feature): the chosen queries side by side, field by
 * field, with every row whose values differ marked and an option to show only those rows (the
 * kit's `ComparePage`), then their SQL.
 */
export default function QueryComparePage() {
  const ids = compareIds(useLocation().search)
  const first = useQueryDetailsQuery(ids[0] ?? skipToken)
  const second = useQueryDetailsQuery(ids[1] ?? skipToken)
  return (
    <ComparePage
      title="Compare queries"
      noun="query"
      tableLabel="Compared queries"
      ids={ids}
      results={[first, second].slice(0, ids.length)}
      idOf={(d) => d.query.id}
      heading={(d) => (
        <Group gap="xs">
          <Anchor component={Link} to={queryDetailsHref(d.query.id)} ff="monospace" size="sm">
            {d.query.id}
          </Anchor>
          <QueryStatusBadge code={d.query.status} />
        </Group>
      )}
      sections={SECTIONS}
      empty={
        <>
          No queries to compare. Tick one or two queries in the{' '}
          <Anchor component={Link} to="/query/list">
            query list
          </Anchor>{' '}
          and press Compare.
        </>
      }
    >
      {(items) => (
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
    </ComparePage>
  )
}
