import { Stack, Table } from '@mantine/core'
import classes from './share-bars.module.css'

/** One row of a share-bars table: a label and its values, in the columns' order. */
export interface ShareBarRow {
  key: string
  label: string
  values: readonly number[]
}

/**
 * Figures of one unit side by side with a bar each against the longest of them all, so the one
 * that dominates is seen at a glance (the Snowflake time metrics, the BigQuery stage times). The
 * numbers are in their cells with their unit; the bars only repeat them, hidden from screen readers.
 */
export function ShareBars(props: {
  caption: string
  labelTitle: string
  valueTitles: readonly string[]
  rows: readonly ShareBarRow[]
  format: (value: number) => string
  /** The bars' heading; with two series or more, say which bar is which (default 'Share of the longest'). */
  barsTitle?: string
}) {
  const longest = Math.max(1, ...props.rows.flatMap((r) => r.values))
  return (
    <Table aria-label={props.caption} withTableBorder verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={220}>{props.labelTitle}</Table.Th>
          {props.valueTitles.map((title) => (
            <Table.Th key={title} w={140} ta="right">
              {title}
            </Table.Th>
          ))}
          <Table.Th>{props.barsTitle ?? 'Share of the longest'}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.label}</Table.Td>
            {row.values.map((value, i) => (
              <Table.Td key={props.valueTitles[i]} ta="right" ff="monospace">
                {props.format(value)}
              </Table.Td>
            ))}
            <Table.Td>
              <Stack gap={3} aria-hidden>
                {row.values.map((value, i) => (
                  <div key={props.valueTitles[i]} className={classes.track}>
                    <div
                      className={classes.bar}
                      data-series={i}
                      style={{ width: `${(value / longest) * 100}%`, display: value ? undefined : 'none' }}
                    />
                  </div>
                ))}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
