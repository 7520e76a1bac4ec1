import { useEffect, useRef, useSyncExternalStore, type HTMLAttributes } from 'react'
import type { Chart, Options } from 'highcharts'
import { ianaZone } from '@costlens/shared'
// Named: the package is CommonJS, whose default export bundlers resolve differently.
import { HighchartsReact, type HighchartsReactRefObject } from 'highcharts-react-official'
import { Highcharts, applyChartTheme } from './highcharts-setup.ts'
import type { ChartScheme } from './chart-theme.ts'

export interface HighchartsFrameProps {
  options: Options
  /** Told the chart once it is drawn, and null once it is gone (the export menu needs it). */
  onChart?: (chart: Chart | null) => void
  containerProps?: HTMLAttributes<HTMLDivElement>
}

const SCHEME_ATTRIBUTE = 'data-mantine-color-scheme'

function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [SCHEME_ATTRIBUTE] })
  return () => observer.disconnect()
}

/**
 * The scheme the page is drawn in, as Mantine marks it on the root element ('auto' resolved to
 * light or dark): read from the page rather than Mantine's context, so a chart outside a provider
 * (a test) still draws, in light.
 */
function usePageScheme(): ChartScheme {
  return useSyncExternalStore(
    subscribeToScheme,
    () => (document.documentElement.getAttribute(SCHEME_ATTRIBUTE) === 'dark' ? 'dark' : 'light'),
    () => 'light',
  )
}

/**
 * highcharts-react over the one configured Highcharts. Loaded only through `LazyHighchartsFrame`
 * (load-highcharts.tsx): importing this module directly would pull Highcharts into the importer's
 * chunk. New options update the same chart rather than re-creating it, so a chart a parent holds
 * stays valid; a new colour scheme or time zone re-creates it, since Highcharts reads its theme and
 * zone (the global options) when a chart is made.
 */
export function HighchartsFrame({ options, onChart, containerProps }: HighchartsFrameProps) {
  const ref = useRef<HighchartsReactRefObject>(null)
  const scheme = usePageScheme()
  // The display zone is read, not subscribed to: a new zone re-mounts the page (root.tsx).
  const timezone = ianaZone()
  // Before the chart below is created, in this render: the global options it is created with.
  applyChartTheme(scheme, timezone)
  const look = `${scheme}|${timezone}`
  // highcharts-react draws in a layout effect, which runs before this one: the chart exists here.
  useEffect(() => {
    onChart?.(ref.current?.chart ?? null)
    return () => onChart?.(null)
  }, [onChart, look])
  return (
    <HighchartsReact
      key={look}
      ref={ref}
      highcharts={Highcharts}
      options={options}
      containerProps={containerProps}
    />
  )
}
