import { Select, Stack, Text } from '@mantine/core'
import { SeriesSection, type SeriesQuery } from './elk-parts.tsx'
import type { ElkView } from './elk-view.ts'

/** The failure of a table's call as the table shows it, with a retry. */
export const tableFailure = (
  what: string,
  q: { isError: boolean; error?: unknown; refetch: () => unknown },
) => (q.isError ? { what, error: q.error, onRetry: () => void q.refetch() } : null)

/**
 * Under a table of nodes, indices, pipelines or instances: a picker of the one charted (the table's
 * name buttons choose it too; clearing hides the charts), then its series, or a hint while none is.
 */
export function MemberCharts(props: {
  /** What a member is: 'node', 'index'… */
  kind: string
  names: readonly string[]
  value: string
  onChange: (name: string) => void
  query: SeriesQuery
  view: ElkView
  /** What its charts show, for the hint. */
  shows: string
}) {
  const { kind, value } = props
  const Kind = kind.charAt(0).toUpperCase() + kind.slice(1)
  return (
    <Stack gap="sm">
      <Select
        label={`Charts of ${kind}`}
        w={320}
        data={[...props.names]}
        value={value || null}
        placeholder={`No ${kind} chosen`}
        searchable
        clearable
        nothingFoundMessage="None matches"
        onChange={(v) => props.onChange(v ?? '')}
      />
      {value ? (
        <SeriesSection title={`${Kind} ${value}`} subject={value} query={props.query} view={props.view} />
      ) : (
        <Text size="sm" c="dimmed">
          Choose {/^[aeiou]/.test(kind) ? 'an' : 'a'} {kind} (its name in the table, or the picker above) to
          chart its {props.shows}.
        </Text>
      )}
    </Stack>
  )
}
