import { useEffect, useMemo, useRef } from 'react'
import { Alert, Text, Tooltip, UnstyledButton } from '@mantine/core'
import {
  CALENDAR_DEFAULT_INTERVAL,
  CALENDAR_SLOT_PX,
  calendarHeightPx,
  calendarOptionsProblem,
  calendarSlots,
} from '@costlens/shared'
import { dayBlocks, weekDayKeys, type CalendarBlock, type WeeklyCalendarSeries } from './calendar-layout.ts'
import { seriesColours } from './series-colours.ts'
import classes from './weekly-calendar.module.css'

export interface WeeklyCalendarProps {
  /** The calendar's accessible name. */
  title: string
  /** Required (B265); an empty list draws the week with `emptyText`. */
  series: readonly WeeklyCalendarSeries[] | null | undefined
  /** Slot length in minutes: a multiple of 30 (B265), default 60. */
  interval?: number
  /** B266: Sunday unless Monday is asked for. */
  weekStartsOn?: 'sunday' | 'monday'
  /** The visible height of the scrolling day grid, in px. */
  maxHeight?: number
  emptyText?: string
  onEventClick?: (block: CalendarBlock) => void
}

/**
 * The narrowest an event may get beside others: four overlapping jobs still fit a 1440 px screen's
 * week; more make the days scroll sideways rather than shrink to slivers.
 */
const MIN_LANE_PX = 44

const DAY_NAME = (key: string) => key.charAt(0).toUpperCase() + key.slice(1)

/** The words an event is read out as: "daily_sales_rollup, Monday 02:00–03:30". */
export function eventLabel(block: CalendarBlock, day: string): string {
  return `${block.label}, ${DAY_NAME(day)} ${block.start}–${block.end}`
}

/**
 * The weekly calendar (02 §2 Other widgets, 03 §4 Calendar series): a legend of the series, then a
 * day column per weekday with 1440/interval slots of 60 px (B266) and each event as a box placed by
 * the shared rules, merged when one job's runs touch (B267). Options are checked first (B265): a
 * bad interval or a missing series shows why instead of a wrong grid. Events are buttons, so they
 * are reached by keyboard, read with their day and times, and show their details on focus.
 */
export function WeeklyCalendar({
  title,
  series,
  interval = CALENDAR_DEFAULT_INTERVAL,
  weekStartsOn = 'sunday',
  maxHeight = 600,
  emptyText = 'No events this week',
  onEventClick,
}: WeeklyCalendarProps) {
  const problem = calendarOptionsProblem({ interval, series })
  const days = weekDayKeys(weekStartsOn)
  const blocks = useMemo(
    () => (problem ? [] : days.map((day) => ({ day, blocks: dayBlocks(series ?? [], day, interval) }))),
    // days is derived from weekStartsOn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series, interval, weekStartsOn, problem],
  )
  const firstTop = Math.min(...blocks.flatMap((d) => d.blocks.map((b) => b.top)))
  const scrollRef = useRef<HTMLDivElement>(null)
  // Open on the first event rather than at midnight, which is often an empty screenful.
  useEffect(() => {
    if (scrollRef.current && Number.isFinite(firstTop))
      scrollRef.current.scrollTop = Math.max(0, firstTop - CALENDAR_SLOT_PX / 2)
  }, [firstTop])

  if (problem)
    return (
      <Alert color="red" title={title} role="alert">
        {problem}
      </Alert>
    )
  const height = calendarHeightPx(interval)
  const empty = blocks.every((d) => d.blocks.length === 0)
  // Days widen (the grid then scrolls sideways) so that side-by-side jobs keep a readable width.
  const lanes = Math.max(1, ...blocks.flatMap((d) => d.blocks.map((b) => b.lanes)))
  const columns = {
    gridTemplateColumns: `56px repeat(7, minmax(${Math.max(110, lanes * MIN_LANE_PX)}px, 1fr))`,
  }

  return (
    <section aria-label={title} className={classes.calendar}>
      <ul className={classes.legend} aria-label={`${title}: legend`}>
        {(series ?? []).map((s) => (
          <li key={s.id} className={classes.legendItem}>
            <span
              className={classes.swatch}
              style={{ background: seriesColours(s.color).solid }}
              aria-hidden
            />
            <Text size="sm" span>
              {s.name}
            </Text>
          </li>
        ))}
      </ul>
      <div
        ref={scrollRef}
        className={classes.scroll}
        style={{ maxHeight }}
        // Focusable so keyboard users can scroll the hours even when no event is there to tab to.
        tabIndex={0}
        role="group"
        aria-label={`${title}: the week by hour`}
      >
        {/* Inside the scroll box and sticky, so it lines up with the days whatever the scrollbar. */}
        <div className={classes.header} style={columns} aria-hidden>
          <span />
          {days.map((day) => (
            <Text key={day} size="sm" fw={600} ta="center">
              {DAY_NAME(day)}
            </Text>
          ))}
        </div>
        <div className={classes.grid} style={{ ...columns, height }}>
          <div className={classes.gutter} aria-hidden>
            {calendarSlots(interval).map((slot) => (
              <span key={slot} className={classes.slotLabel} style={{ height: CALENDAR_SLOT_PX }}>
                {slot}
              </span>
            ))}
          </div>
          {blocks.map(({ day, blocks: dayEvents }) => (
            <ul
              key={day}
              className={classes.day}
              style={{ backgroundSize: `100% ${CALENDAR_SLOT_PX}px` }}
              aria-label={DAY_NAME(day)}
            >
              {dayEvents.map((block) => (
                <li key={block.key}>
                  <EventBox block={block} day={day} onClick={onEventClick} />
                </li>
              ))}
            </ul>
          ))}
        </div>
        {empty && (
          <Text className={classes.empty} c="dimmed" role="status">
            {emptyText}
          </Text>
        )}
      </div>
    </section>
  )
}

function EventBox({
  block,
  day,
  onClick,
}: {
  block: CalendarBlock
  day: string
  onClick?: (block: CalendarBlock) => void
}) {
  const colours = seriesColours(block.series.color)
  const label = eventLabel(block, day)
  const width = 100 / block.lanes
  return (
    <Tooltip
      label={
        <>
          <div>{label}</div>
          {block.series.description && <div>{block.series.description}</div>}
        </>
      }
      events={{ hover: true, focus: true, touch: true }}
      openDelay={150}
      withinPortal
    >
      <UnstyledButton
        className={classes.event}
        aria-label={label}
        onClick={() => onClick?.(block)}
        style={{
          top: block.top,
          height: block.height,
          left: `calc(${block.lane * width}% + 2px)`,
          width: `calc(${width}% - 4px)`,
          background: colours.fill,
          borderLeftColor: colours.solid,
        }}
      >
        <span className={classes.eventName}>{block.label}</span>
        {block.height >= 40 && (
          <span className={classes.eventTime}>
            {block.start}–{block.end}
          </span>
        )}
      </UnstyledButton>
    </Tooltip>
  )
}
