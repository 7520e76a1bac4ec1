import { DEFAULT_THEME, Group, Text, VisuallyHidden } from '@mantine/core'
import { formatDateTime } from '@costlens/shared'
import { HOURS, type WorkloadGrid as Grid } from './workload-state.ts'
import classes from './workload-grid.module.css'

const SHADES = DEFAULT_THEME.colors.blue
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
/** From this shade on the text is white: darker blues hold 4.5:1 with white, lighter ones with black. */
const WHITE_TEXT_FROM = 8

/** A value's shade: 0 for nothing, else 1 to 9 by its share of the largest cell. */
export function shadeOf(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0
  return 1 + Math.round((Math.min(value, max) / max) * 8)
}

const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`
export const dayText = (day: number) =>
  `${WEEKDAYS[new Date(day).getUTCDay()]} ${formatDateTime(day, 'utc').slice(0, 5)}`

export interface WorkloadGridProps {
  caption: string
  grid: Grid
  /** A cell's number as the cell shows it (short: the cell is about 50 px wide). */
  format: (value: number) => string
  /** What a number counts, for the words a screen reader hears with each cell. */
  unit: string
}

interface CellProps {
  value: number | null
  max: number
  format: (value: number) => string
  /** The day and hour, for the hover text. */
  where: string
  unit: string
}

function Cell({ value, max, format, where, unit }: CellProps) {
  if (value === null)
    return (
      <td className={`${classes.cell} ${classes.empty}`} title={`${where}: no data`}>
        <VisuallyHidden>no data</VisuallyHidden>
      </td>
    )
  const shade = shadeOf(value, max)
  return (
    <td
      className={classes.cell}
      style={{ background: SHADES[shade], color: shade >= WHITE_TEXT_FROM ? 'white' : DEFAULT_THEME.black }}
      title={`${where}: ${format(value)} ${unit}`}
    >
      {format(value)}
    </td>
  )
}

/**
 * The workload as a heat grid: a row per day, a column per hour of day (UTC), each cell shaded by
 * its share of the busiest cell and showing its number, so neither colour nor hover is needed to
 * read it. A table, so screen readers announce the day and hour of every cell; the last row is the
 * average of each hour.
 */
export function WorkloadGrid({ caption, grid, format, unit }: WorkloadGridProps) {
  return (
    <div className={classes.scroll}>
      <table className={classes.grid}>
        <caption className={classes.caption}>
          <Group justify="space-between" wrap="wrap" gap="xs" component="span">
            <span>{caption}</span>
            <span className={classes.legend} aria-hidden>
              <Text size="xs" span mr={4}>
                Less
              </Text>
              {SHADES.slice(0, 10).map((colour) => (
                <span key={colour} className={classes.swatch} style={{ background: colour }} />
              ))}
              <Text size="xs" span ml={4}>
                More
              </Text>
            </span>
          </Group>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.corner}>
              Day (UTC)
            </th>
            {HOURS.map((h) => (
              <th key={h} scope="col" className={classes.hourHead} aria-label={hourText(h)}>
                {String(h).padStart(2, '0')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.days.map((d) => (
            <tr key={d.day}>
              <th scope="row" className={classes.dayHead}>
                {dayText(d.day)}
              </th>
              {d.hours.map((value, h) => (
                <Cell
                  key={h}
                  value={value}
                  max={grid.max}
                  format={format}
                  where={`${dayText(d.day)} ${hourText(h)}`}
                  unit={unit}
                />
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className={classes.foot}>
          <tr>
            <th scope="row" className={classes.dayHead}>
              Average
            </th>
            {grid.hourAverages.map((value, h) => (
              <Cell
                key={h}
                value={value}
                max={grid.max}
                format={format}
                where={`Average at ${hourText(h)}`}
                unit={unit}
              />
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
