import { DEFAULT_THEME } from '@mantine/core'
import { CHART } from '@costlens/shared'

type Hue = keyof typeof DEFAULT_THEME.colors

/**
 * B269: the 15-colour chart palette. The spec gives only counts (7 series colours, a palette of
 * 15), so the colours are the theme's own: Mantine's, by hex so exported SVG, PNG and PDF files
 * keep them without the page's CSS variables. The first seven are the series hues of the weekly
 * calendar (calendar/series-colours.ts) in the same order, so a series reads the same in both.
 * Each is dark enough for 3:1 against a white background (WCAG non-text contrast), and neighbours
 * differ in hue so adjacent slices and stacks stay apart. The one colour not from the theme is the
 * yellow: the theme's darkest, yellow-9, falls just short (2.99:1), so CSS darkgoldenrod (3.25:1).
 */
const SLOTS: readonly (readonly [Hue, number] | string)[] = [
  ['blue', 7],
  ['teal', 8],
  ['grape', 7],
  ['orange', 8],
  ['cyan', 8],
  ['pink', 7],
  ['lime', 9],
  ['red', 9],
  ['violet', 6],
  ['green', 9],
  '#b8860b',
  ['indigo', 9],
  ['gray', 7],
  ['pink', 9],
  ['grape', 9],
]

export const CHART_PALETTE: readonly string[] = SLOTS.slice(0, CHART.paletteColours).map((slot) =>
  typeof slot === 'string' ? slot : DEFAULT_THEME.colors[slot[0]]![slot[1]]!,
)

/** B269: the seven series colours: the palette's first seven. */
export const SERIES_COLOURS: readonly string[] = CHART_PALETTE.slice(0, CHART.seriesColours)
