import { CHART } from '@costlens/shared'

/**
 * The theme colours behind the seven series slots (B269: series-0 … series-6). The spec gives only
 * their count; these Mantine hues are far apart on the wheel so neighbouring jobs stay distinct.
 */
const SERIES_HUES = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime'] as const

export interface SeriesColours {
  /** Swatches and the event's edge. */
  solid: string
  /** The event's fill: light, so its dark text keeps AA contrast whatever the hue. */
  fill: string
}

/** A series colour: a palette key (series-N) to the theme's hue, anything else used as CSS. */
export function seriesColours(color: string): SeriesColours {
  const slot = /^series-(\d+)$/.exec(color)
  if (slot) {
    const hue = SERIES_HUES[Number(slot[1]) % CHART.seriesColours]!
    return { solid: `var(--mantine-color-${hue}-7)`, fill: `var(--mantine-color-${hue}-1)` }
  }
  return { solid: color, fill: `color-mix(in srgb, ${color} 18%, white)` }
}
