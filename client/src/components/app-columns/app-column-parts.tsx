import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router-dom'
import { formatAppType } from '@costlens/shared'
import { OverflowTooltip } from '../table/overflow-text.tsx'
import type { DataColumn } from '../table/table-types.ts'

/**
 * Column pieces every app table draws the same way: the application list, the chargeback's
 * finished apps and the cluster resources' running apps and Yarn jobs.
 */

/**
 * The name above the id, both cut to the column with the whole text on hover and focus. With
 * `href` (appDetailsHref) the name links to the app's details page (issue 17).
 */
export function NameAndId({ name, id, href }: { name: string; id: string; href?: string }) {
  return (
    <OverflowTooltip label={`${name} — ${id}`}>
      {href ? (
        <Anchor component={Link} to={href} size="sm" truncate display="block">
          {name}
        </Anchor>
      ) : (
        <Text size="sm" truncate>
          {name}
        </Text>
      )}
      <Text size="xs" c="dimmed" truncate>
        {id}
      </Text>
    </OverflowTooltip>
  )
}

/** The app's kind ('spark', 'mapreduce' …) in capitals, as the console lists it. */
export const kindColumn = <R extends { kind: string }>(): DataColumn<R> => ({
  key: 'kind',
  title: 'Type',
  // Wide enough for the longest type name (MapReduce), in the console's one casing.
  width: 100,
  render: (r) => <Text size="sm">{formatAppType(r.kind)}</Text>,
})
