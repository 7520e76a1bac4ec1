import { lazy } from 'react'

/**
 * The one way the console loads Highcharts: a lazy component whose chunk holds Highcharts, its
 * modules and the console's global chart options (highcharts-setup.ts). Highcharts is about a
 * third of a megabyte; the first page load never pays for it, and a screen with charts fetches it
 * once, on the first chart it renders. Render it inside a Suspense boundary (ChartShell does).
 */
export const LazyHighchartsFrame = lazy(() =>
  import('./highcharts-frame.tsx').then((m) => ({ default: m.HighchartsFrame })),
)
