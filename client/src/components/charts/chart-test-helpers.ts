import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import Highcharts, { type Chart } from 'highcharts'

// jsdom lays nothing out, so SVG text has no size: Highcharts would then place the plot area at
// NaN and draw no series at all. A rough size (7 px a character, 14 px a line) is enough to draw.
if (!('getBBox' in SVGElement.prototype)) {
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    configurable: true,
    value(this: SVGElement) {
      return { x: 0, y: 0, width: (this.textContent ?? '').length * 7, height: 14 }
    },
  })
}

/**
 * The Highcharts chart drawn inside `container`, once the lazy chunk has loaded and drawn it. The
 * test imports the same Highcharts module the chunk configures, so this is the console's chart.
 */
export async function drawnChart(container: HTMLElement): Promise<Chart> {
  let chart: Chart | undefined
  await waitFor(() => {
    const index = container.querySelector('[data-highcharts-chart]')?.getAttribute('data-highcharts-chart')
    chart = index === null || index === undefined ? undefined : Highcharts.charts[Number(index)]
    expect(chart).toBeDefined()
  })
  return chart!
}
