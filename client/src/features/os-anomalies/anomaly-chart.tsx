import { useMemo } from 'react'
import type { SeriesScatterOptions } from 'highcharts'
import type { DetectorEntity } from '@costlens/shared'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import { lineChartOptions } from '../../components/charts/line-chart.tsx'
import type { TimeRange } from '../../components/charts/chart-types.ts'
import { gradeBand, utcHour } from './anomaly-format.tsx'

export interface AnomalyChartProps {
  entity: DetectorEntity
  unit: string
  valueFormat: (value: number) => string
  range: TimeRange
  height?: number
}

/** The anomalies' markers: one point each, filled with its grade's colour (OpenSearch's shading). */
export function anomalyMarkers(points: DetectorEntity['points']): SeriesScatterOptions {
  const anomalies = points
    .filter(([, , , , , grade]) => grade > 0)
    .map(([start, actual, , , , grade]) => ({ start, actual, grade }))
  return {
    type: 'scatter',
    name: 'Anomalies',
    color: gradeBand(1).color,
    zIndex: 3,
    marker: { symbol: 'circle', radius: 5 },
    data: anomalies.map((a) => {
      const band = gradeBand(a.grade)
      return {
        x: a.start,
        y: a.actual,
        color: band.color,
        marker: { fillColor: band.color, lineColor: '#fff', lineWidth: 1 },
        custom: { grade: a.grade },
        name: `Grade ${a.grade.toFixed(2)} (${band.label}) at ${utcHour(a.start)}`,
      }
    }),
  }
}

/**
 * One entity's series as the detector saw it: the actual hours, the expected line with the band an
 * hour may move in, and each anomaly marked by a point coloured by its grade.
 */
export function AnomalyChart({ entity, unit, valueFormat, range, height = 240 }: AnomalyChartProps) {
  const title = `${entity.label}: actual and expected`
  const options = useMemo(() => {
    const base = lineChartOptions({
      title,
      description: `Each hour's value in ${unit}, the expected value with its band, and the ${entity.anomalyCount} anomalies marked by grade.`,
      height,
      valueFormat,
      range,
      series: [{ name: 'Actual', data: entity.points.map(([t, actual]) => [t, actual] as const) }],
      bands: [
        {
          name: 'Expected',
          average: entity.points.map(([t, , expected]) => [t, expected] as const),
          range: entity.points.map(([t, , , lower, upper]) => [t, lower, upper] as const),
          color: '#868e96',
        },
      ],
    })
    return { ...base, series: [...(base.series ?? []), anomalyMarkers(entity.points)] }
  }, [title, unit, height, valueFormat, range, entity])
  return <ChartShell title={title} options={options} hasData={entity.points.length > 0} height={height} />
}
