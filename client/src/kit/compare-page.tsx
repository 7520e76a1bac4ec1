import { Fragment, useState, type ReactNode } from 'react'
import { Alert, Badge, Group, Loader, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { MESSAGES, formatMessage } from '@costlens/shared'
import { PanelFailure } from '../components/panel-state/panel-state.tsx'
import { fieldDiffers, type CompareField } from './compare-fields.ts'
import type { ListQueryResult } from './list-page.tsx'
import classes from './compare-page.module.css'

/** One section of a comparison: a heading row and the fields under it. */
export interface CompareSection<D> {
  title: string
  fields: readonly CompareField<D>[]
}

export interface ComparePageProps<D> {
  /** The page heading, e.g. 'Compare queries'. */
  title: string
  /** What one record is, for M066 ('The query gone does not exist') and the failure ('Query gone'). */
  noun: string
  /** The table's accessible name, e.g. 'Compared queries'. */
  tableLabel: string
  /** The ids of the address, and the answer of each (in the same order). */
  ids: readonly string[]
  results: readonly (ListQueryResult<D> & { isLoading: boolean })[]
  idOf: (d: D) => string
  /** A record's column heading: its id as a link to its details, its status. */
  heading: (d: D) => ReactNode
  sections: readonly CompareSection<D>[]
  /** Said when the address names no record: how to pick some. */
  empty: ReactNode
  /** Below the table, for the compared records: their statements side by side. */
  children?: (items: readonly D[]) => ReactNode
}

/**
 * A compare screen (03 §2 Compare feature, B260-B264) from configuration: the records of the
 * address side by side, field by field, each row whose values differ marked (a bar, a tint and the
 * word, not colour alone), a count of them and a switch to show only those rows; a record that does
 * not exist says so (M066), any other failure offers a retry, and the other record still shows.
 */
export function ComparePage<D>(props: ComparePageProps<D>) {
  const { ids, results, sections, noun } = props
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1)
  const heading = (
    <Title order={1} size="h3">
      {props.title}
    </Title>
  )
  if (ids.length === 0)
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="gray">{props.empty}</Alert>
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
  const items = results.map((r) => r.data).filter((d): d is D => d !== undefined)
  const differing = sections.flatMap((s) => s.fields).filter((f) => fieldDiffers(f, items)).length

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
            what={`${Noun} ${id}`}
            error={result.error}
            onRetry={() => void result.refetch()}
          />
        ) : (
          <Alert key={id} color="gray">
            {formatMessage('M066', { pageName: noun, id })}
          </Alert>
        )
      })}
      {items.length > 0 && (
        <Table
          aria-label={props.tableLabel}
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
                <Table.Th key={props.idOf(d)} scope="col">
                  {props.heading(d)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sections.map((section) => {
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
                        <Table.Td key={props.idOf(d)} className={classes.value}>
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
      {items.length > 0 && props.children?.(items)}
      {items.length === 0 && missing.length === 0 && (
        <Text c="dimmed">
          {MESSAGES.M052}
          <VisuallyHidden> for {ids.join(', ')}</VisuallyHidden>
        </Text>
      )}
    </Stack>
  )
}
