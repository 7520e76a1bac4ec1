import { useEffect, useRef, type HTMLAttributes } from 'react'
import type { Chart, Options } from 'highcharts'
// Named: the package is CommonJS, whose default export bundlers resolve differently.
import { HighchartsReact, type HighchartsReactRefObject } from 'highcharts-react-official'
import { Highcharts } from './highcharts-setup.ts'

export interface HighchartsFrameProps {
  options: Options
  /** Told the chart once it is drawn, and null once it is gone (the export menu needs it). */
  onChart?: (chart: Chart | null) => void
  containerProps?: HTMLAttributes<HTMLDivElement>
}

/**
 * highcharts-react over the one configured Highcharts. Loaded only through `LazyHighchartsFrame`
 * (load-highcharts.tsx): importing this module directly would pull Highcharts into the importer's
 * chunk. New options update the same chart rather than re-creating it, so a chart a parent holds
 * stays valid.
 */
export function HighchartsFrame({ options, onChart, containerProps }: HighchartsFrameProps) {
  const ref = useRef<HighchartsReactRefObject>(null)
  // highcharts-react draws in a layout effect, which runs before this one: the chart exists here.
  useEffect(() => {
    onChart?.(ref.current?.chart ?? null)
    return () => onChart?.(null)
  }, [onChart])
  return (
    <HighchartsReact ref={ref} highcharts={Highcharts} options={options} containerProps={containerProps} />
  )
}
