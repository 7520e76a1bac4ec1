// The one place Highcharts and its modules are imported at run time. Import this module only
// through `load-highcharts.tsx` (a dynamic import), so none of it lands in the first-load bundle.
import Highcharts from 'highcharts'
// Since Highcharts 12 a module applies itself to the Highcharts it finds on import: order matters.
import 'highcharts/highcharts-more' // arearange
import 'highcharts/modules/xrange' // the Spark Timeline's bars (app-details/spark-gantt.tsx)
import 'highcharts/modules/exporting' // print, PNG, JPEG, SVG, rendered locally (exporting.local)
import 'highcharts/modules/export-data' // the data rows behind the CSV and XLS files
import 'highcharts/modules/accessibility'
import 'highcharts/modules/xrange' // Gantt bars (workflow children over time)
import 'highcharts/modules/boost' // last, as Highcharts asks: it overrides parts of the others
import { CHART_PALETTE } from './chart-palette.ts'
import { chartTheme, type ChartScheme } from './chart-theme.ts'

// Not loaded on purpose: offline-exporting. Since 12.3 the exporting module renders PNG, JPEG and
// SVG in the browser itself; offline-exporting only adds PDF, by fetching jsPDF and svg2pdf from
// code.highcharts.com at the first use. The PDF is built in chart-export.ts instead, with no network.

Highcharts.setOptions({
  colors: [...CHART_PALETTE],
  lang: { thousandsSep: ',' },
  credits: { enabled: false },
  exporting: {
    // The export menu is the console's own (chart-export-menu.tsx): no Highcharts button.
    enabled: false,
    local: true,
    // Never send a chart to export.highcharts.com, not even when a local export fails.
    fallbackToExportServer: false,
  },
})

let applied = ''

/**
 * Makes the global chart options those of a colour scheme and a time zone. Charts read global
 * options when they are created, so the frame re-creates its chart when either changes. Cheap to
 * call on every render: nothing happens unless the pair is new.
 */
export function applyChartTheme(scheme: ChartScheme, timezone: string): void {
  const key = `${scheme}|${timezone}`
  if (key === applied) return
  applied = key
  Highcharts.setOptions(chartTheme(scheme, timezone))
}

export { Highcharts }
