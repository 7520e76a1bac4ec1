import type { Options } from 'highcharts'
import { DEFAULT_THEME } from '@mantine/core'

export type ChartScheme = 'light' | 'dark'

const { dark, gray } = DEFAULT_THEME.colors

/**
 * Highcharts' colours for each scheme, by hex (exported files have no CSS variables): light is
 * Highcharts' own look with the theme's grays, dark is Mantine's dark surfaces with text at 7:1 and
 * more. Both set the same keys, so applying one after the other replaces it whole.
 */
const SCHEME_COLOURS = {
  light: {
    background: '#ffffff',
    text: gray[9],
    label: gray[7],
    grid: gray[2],
    line: gray[4],
    tooltip: '#ffffff',
    tooltipBorder: gray[4],
    hidden: gray[5],
  },
  dark: {
    background: dark[7],
    text: dark[0],
    label: dark[1],
    grid: dark[5],
    line: dark[3],
    tooltip: dark[6],
    tooltipBorder: dark[4],
    hidden: dark[3],
  },
} as const

function axisTheme(c: (typeof SCHEME_COLOURS)[ChartScheme]) {
  return {
    gridLineColor: c.grid,
    lineColor: c.line,
    tickColor: c.line,
    minorGridLineColor: c.grid,
    labels: { style: { color: c.label } },
    title: { style: { color: c.label } },
  }
}

/**
 * The global chart options of a colour scheme and a time zone (an IANA name, 'UTC' or the
 * browser's): text, grid lines, tooltips and backgrounds from the scheme, and every datetime axis
 * and tooltip in the display zone. Printed and exported images keep the light look, which reads on
 * paper whatever the screen shows.
 */
export function chartTheme(scheme: ChartScheme, timezone: string): Options {
  const c = SCHEME_COLOURS[scheme]
  const axis = axisTheme(c)
  const light = SCHEME_COLOURS.light
  return {
    time: { timezone },
    chart: { backgroundColor: c.background, plotBorderColor: c.line },
    title: { style: { color: c.text } },
    subtitle: { style: { color: c.label } },
    xAxis: axis,
    yAxis: axis,
    legend: {
      itemStyle: { color: c.text },
      itemHoverStyle: { color: scheme === 'dark' ? '#ffffff' : '#000000' },
      itemHiddenStyle: { color: c.hidden },
      title: { style: { color: c.text } },
    },
    tooltip: { backgroundColor: c.tooltip, borderColor: c.tooltipBorder, style: { color: c.text } },
    plotOptions: {
      series: { dataLabels: { color: c.text, style: { textOutline: 'none' } } },
      pie: { borderColor: c.background },
      column: { borderColor: c.background },
    },
    exporting: {
      chartOptions: {
        chart: { backgroundColor: light.background },
        title: { style: { color: light.text } },
        xAxis: axisTheme(light),
        yAxis: axisTheme(light),
        legend: { itemStyle: { color: light.text } },
      },
    },
  }
}
