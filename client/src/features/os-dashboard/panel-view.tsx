import type { ReactNode } from 'react'
import { Paper, Stack, Table, Text } from '@mantine/core'
import type { PanelData, PanelDefinition, TablePanelData } from '@costlens/shared'
import type { TimeRange } from '../../components/charts/chart-types.ts'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import { formatCellValue, formatPanelValue, unitTitle } from './panel-format.ts'

const CHART_HEIGHT = 260

function KpiFigure({
  title,
  value,
  unit,
  note,
}: {
  title: string
  value: number
  unit: string
  note?: string
}) {
  return (
    <dl style={{ margin: 0 }}>
      <Text component="dt" size="sm" c="dimmed">
        {title}
      </Text>
      <Text component="dd" m={0} fz={26} fw={600}>
        {formatPanelValue(value, unit)}
      </Text>
      {note && (
        <Text component="dd" m={0} size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </dl>
  )
}

function TableFigure({ title, data }: { title: string; data: TablePanelData }) {
  if (data.rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No Data Available
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table aria-label={title} striped verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{data.label}</Table.Th>
            {data.columns.map((c) => (
              <Table.Th key={c.title} ta="right">
                {c.title}
                {unitTitle(c.unit, c.title)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td maw={420} style={{ overflowWrap: 'anywhere' }}>
                {row.label}
              </Table.Td>
              {row.values.map((v, i) => (
                <Table.Td key={data.columns[i]!.title} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCellValue(v, data.columns[i]!.unit)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * One panel's figures as its visualisation draws them: a KPI tile, a line over the dashboard's
 * window, bars by category or a top-N table, each value with its unit (the charts bring their own
 * empty state, export menu and accessible description).
 */
export function PanelFigure({
  definition,
  data,
  range,
}: {
  definition: PanelDefinition
  data: PanelData
  range: TimeRange
}) {
  const format = (v: number) => formatPanelValue(v, data.unit)
  switch (data.visualisation) {
    case 'kpi':
      return <KpiFigure title={definition.title} value={data.value} unit={data.unit} note={data.note} />
    case 'line':
      return (
        <LineChart
          title={definition.title}
          description={definition.description}
          series={data.series}
          range={range}
          height={CHART_HEIGHT}
          valueFormat={format}
          yAxisTitle={data.unit}
        />
      )
    case 'bar':
      return (
        <StackedBarChart
          title={definition.title}
          description={definition.description}
          categories={data.categories}
          series={data.series}
          height={CHART_HEIGHT}
          valueFormat={format}
          yAxisTitle={data.unit}
        />
      )
    case 'table':
      return (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {definition.title}
          </Text>
          <TableFigure title={definition.title} data={data} />
        </Stack>
      )
  }
}

/** A panel's frame: bordered, as tall as the others of its row. */
export function PanelFrame({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" h="100%" component="section" aria-label={label} data-panel={id}>
      {children}
    </Paper>
  )
}
